package io.engagement.alert.trigger;

import java.util.Arrays;

/**
 * A key of the trigger store: what kind of record it holds, the organization, and which one of
 * them. Written as the kind's letter, the organization and the rest joined by {@code |}
 * ({@code s|7|session-1}, {@code m|7|12|seats}, {@code g|7}): the store's files and its changelog
 * hold keys written so, and a restarted service reads them on.
 *
 * @param id the session, customer or collection id, {@code <company>|<metric>} for a metric; null for the thresholds
 */
record StoreKey(Kind kind, long organizationId, String id) {

    enum Kind {
        /** A session's {@link SessionEvidence}. */
        SESSION("s"),
        /** A customer's {@link CustomerEvidence}. */
        CUSTOMER("c"),
        /** A company's number metric, as {@link Double#toString(double)} writes it. */
        COMPANY_METRIC("m"),
        /** The organization's {@link SegmentThresholds}. */
        SEGMENT_THRESHOLDS("g"),
        /** A session's billing leave waiting to be judged: its deadline, in wall clock milliseconds. */
        WAITING_LEAVE("p"),
        /** A page collection's {@link CollectionMembership}. */
        COLLECTION("k");

        private final String letter;

        Kind(String letter) {
            this.letter = letter;
        }

        /** What every key of this kind starts with, whatever its organization. */
        String prefix() {
            return letter + "|";
        }

        /** What the organization's keys of this kind start with. */
        String prefix(long organizationId) {
            return prefix() + organizationId + "|";
        }

        static Kind ofLetter(String letter) {
            return Arrays.stream(values()).filter(kind -> kind.letter.equals(letter)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no kind of trigger store key is " + letter));
        }
    }

    static StoreKey session(long org, String sessionId) {
        return new StoreKey(Kind.SESSION, org, sessionId);
    }

    static StoreKey customer(long org, String customerId) {
        return new StoreKey(Kind.CUSTOMER, org, customerId);
    }

    static StoreKey companyMetric(long org, long companyId, String metric) {
        return new StoreKey(Kind.COMPANY_METRIC, org, companyId + "|" + metric);
    }

    static StoreKey segmentThresholds(long org) {
        return new StoreKey(Kind.SEGMENT_THRESHOLDS, org, null);
    }

    static StoreKey waitingLeave(long org, String sessionId) {
        return new StoreKey(Kind.WAITING_LEAVE, org, sessionId);
    }

    static StoreKey collection(long org, String collectionId) {
        return new StoreKey(Kind.COLLECTION, org, collectionId);
    }

    /** The key as the store holds it. */
    static StoreKey parse(String stored) {
        String[] parts = stored.split("\\|", 3);
        return new StoreKey(Kind.ofLetter(parts[0]), Long.parseLong(parts[1]), parts.length > 2 ? parts[2] : null);
    }

    /** The key as the store holds it. */
    String stored() {
        return id == null ? kind.prefix() + organizationId : kind.prefix(organizationId) + id;
    }
}
