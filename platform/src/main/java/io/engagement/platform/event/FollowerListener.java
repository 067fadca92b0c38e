package io.engagement.platform.event;

/**
 * Settings for a listener that follows a busy topic for what little of it concerns its service (an
 * erasure among the customer events, a reminder setting), where a quarter of a second does not
 * matter. Such a listener on the defaults fetches and commits once for every few records, one
 * thread per partition: a bulk import of customers kept a dozen of them fetching and committing a
 * few records at a time, which cost the messaging service and the broker about a core between
 * them (with two cores in all) and slowed the import by a third. With these the broker answers a
 * fetch once it holds {@code fetch.min.bytes} or {@code fetch.max.wait.ms} has passed, and one
 * thread follows every partition, so a follower fetches and commits a few times a second however
 * its topic trickles.
 *
 * <pre>{@code @KafkaListener(id = "...", topics = ..., concurrency = FollowerListener.CONCURRENCY,
 *         properties = {FollowerListener.FETCH_MIN_BYTES, FollowerListener.FETCH_MAX_WAIT})}</pre>
 */
public final class FollowerListener {

    public static final String CONCURRENCY = "1";
    public static final String FETCH_MIN_BYTES = "fetch.min.bytes=65536";
    public static final String FETCH_MAX_WAIT = "fetch.max.wait.ms=250";

    private FollowerListener() {
    }
}
