package io.engagement.platform.store;

/**
 * A collection whose documents carry an {@code expires_at} date and are gone after it: declare one
 * as a bean and {@link ExpiredDocumentSweeper} gives it a TTL index (MongoDB deletes by itself) and
 * sweeps it now and then (what a database without TTL support, such as the embedded one, relies on).
 * Readers still treat a document past its {@code expires_at} as absent, since neither removal is
 * immediate.
 */
public record ExpiringCollection(String name) {

    public static final String EXPIRES_AT = "expires_at";
}
