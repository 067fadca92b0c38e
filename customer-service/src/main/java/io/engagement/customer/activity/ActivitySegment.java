package io.engagement.customer.activity;

import com.fasterxml.jackson.annotation.JsonValue;

/** How recently a customer was seen, against their organization's thresholds. */
public enum ActivitySegment {
    ACTIVE("active"),
    SLIGHTLY_ACTIVE("slightly_active"),
    DORMANT("dormant"),
    INACTIVE("inactive");

    private final String wireName;

    ActivitySegment(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }
}
