package io.engagement.messaging.delivery;

/** A provider did not take a message: for now ({@code permanent == false}) or for good. */
public final class DeliveryFailure extends Exception {

    private final boolean permanent;

    public DeliveryFailure(String reason, boolean permanent, Throwable cause) {
        super(reason, cause);
        this.permanent = permanent;
    }

    public boolean permanent() {
        return permanent;
    }
}
