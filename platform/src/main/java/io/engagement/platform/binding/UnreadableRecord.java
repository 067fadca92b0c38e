package io.engagement.platform.binding;

/**
 * A record a consumer cannot read at all (not JSON, not the event it should be): retrying cannot
 * help, so {@link DeadLetterPolicy} sends it to its topic's dead letters at once and the partition
 * moves on.
 */
public class UnreadableRecord extends RuntimeException {

    public UnreadableRecord(String reason, Throwable cause) {
        super(reason, cause, false, false);
    }

    public UnreadableRecord(String reason) {
        this(reason, null);
    }
}
