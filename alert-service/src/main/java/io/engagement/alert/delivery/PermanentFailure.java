package io.engagement.alert.delivery;

/** A delivery that no retry can help (a refused address, a gone subscription): failed at once. */
final class PermanentFailure extends RuntimeException {

    PermanentFailure(String reason) {
        super(reason, null, false, false);
    }
}
