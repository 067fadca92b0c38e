package io.engagement.customer.company;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** A company was created; the event's data is the company as stored. */
record CompanyCreated(@JsonUnwrapped Company company) {

    static final String TYPE = "company.created";
}
