package io.engagement.platform.net;

import java.util.Optional;

/**
 * A connection refused by {@link AddressGuard} before it was made; the message is the guard's
 * reason ("the target host ... resolves to a loopback address, which alerts may not reach").
 */
public final class AddressRefusedException extends RuntimeException {

    public AddressRefusedException(String reason) {
        super(reason, null, false, false);
    }

    /** The refusal behind {@code failure}, which HTTP clients hand over wrapped in their own exceptions. */
    public static Optional<AddressRefusedException> in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof AddressRefusedException refused) {
                return Optional.of(refused);
            }
        }
        return Optional.empty();
    }
}
