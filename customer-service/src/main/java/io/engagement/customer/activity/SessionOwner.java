package io.engagement.customer.activity;

import io.engagement.platform.event.SessionSummarized;

import java.util.Locale;
import java.util.Optional;

/**
 * Whom a session belongs to, as its summary names them: a public customer id, an e-mail, or both.
 * The customer id is looked up first; the e-mail finds the customer an {@code identify} named.
 *
 * @param emailKey the e-mail keyed as the customer feature keys it (trimmed, lower case)
 */
record SessionOwner(long organizationId, String customerId, String emailKey) {

    /** Empty for an anonymous session: no customer to keep it for. */
    static Optional<SessionOwner> of(long organizationId, SessionSummarized summary) {
        String customerId = blankToNull(summary.customerId());
        String email = blankToNull(summary.email());
        if (customerId == null && email == null) {
            return Optional.empty();
        }
        return Optional.of(new SessionOwner(organizationId, customerId, email == null ? null : email.toLowerCase(Locale.ROOT)));
    }

    /**
     * Where a summary waits for this owner's customer to be created: under the e-mail only. A public
     * customer id is assigned when the customer is created, so no session can name one before.
     */
    Optional<String> parkingKey() {
        return Optional.ofNullable(emailKey).map(key -> byEmailKey(organizationId, key));
    }

    static String byEmailKey(long organizationId, String emailKey) {
        return organizationId + ":email:" + emailKey;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
