package io.engagement.customer.customer;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** A customer in a list, with its company's name. */
record CustomerRow(@JsonUnwrapped Customer customer, String companyName) {
}
