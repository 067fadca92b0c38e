package io.engagement.messaging.delivery;

/**
 * What a worker may do with a message it consumed.
 *
 * @param outcome what the ledger said
 * @param attempt the number of the attempt now recorded, when {@link Outcome#SEND}
 */
public record Claim(Outcome outcome, int attempt) {

    public enum Outcome {
        /** The attempt is recorded; send now. */
        SEND,
        /** Sent or failed already (a redelivered record), or no such message: nothing to do. */
        SKIP,
        /** An earlier attempt started and never finished: its outcome is unknown, so it is not repeated. */
        INTERRUPTED
    }

    static Claim send(int attempt) {
        return new Claim(Outcome.SEND, attempt);
    }

    static Claim skip() {
        return new Claim(Outcome.SKIP, 0);
    }

    static Claim interrupted() {
        return new Claim(Outcome.INTERRUPTED, 0);
    }
}
