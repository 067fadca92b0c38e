package io.engagement.messaging.delivery;

/** Thrown to the listener container, which backs off and hands the same record back. */
final class RetryLater extends RuntimeException {

    RetryLater(String reason, Throwable cause) {
        super(reason, cause);
    }
}
