package io.engagement.customer.customer;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** A customer was created; the event's data is the customer as stored. */
record CustomerCreated(@JsonUnwrapped Customer customer) {

    static final String TYPE = "customer.created";
}
