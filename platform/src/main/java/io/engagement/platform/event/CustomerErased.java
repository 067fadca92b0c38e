package io.engagement.platform.event;

import java.util.List;

/**
 * A customer was erased ({@link Topics#CUSTOMER}, keyed {@code org:customer_id}, followed by a
 * tombstone for that key). It names the person as each service may know them (public id, e-mail,
 * phone, the sessions the customer service saw), so every service forgets them from its own
 * database without reading another's. A blank name reads as none.
 */
@EventType("customer.erased")
public record CustomerErased(String customerId, String email, String whatsappNumber, List<String> sessionIds) implements DomainEvent {

    public CustomerErased {
        customerId = present(customerId);
        email = present(email);
        whatsappNumber = present(whatsappNumber);
        sessionIds = sessionIds == null ? List.of() : List.copyOf(sessionIds);
    }

    private static String present(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
