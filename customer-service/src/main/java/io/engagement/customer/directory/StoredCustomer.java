package io.engagement.customer.directory;

import io.engagement.customer.activity.LatestSession;

/** A customer as read, with their latest session; null for a customer never seen. */
record StoredCustomer(Customer customer, LatestSession latestSession) {
}
