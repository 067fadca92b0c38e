package io.engagement.messaging.delivery;

import java.util.Locale;

/** Where a message is: {@code queued → sending → sent | failed}; a transient failure puts it back to queued. */
public enum DeliveryStatus {
    QUEUED, SENDING, SENT, FAILED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static DeliveryStatus fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
