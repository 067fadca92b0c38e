package io.engagement.platform.store;

import java.util.Locale;

/** An e-mail address as stored to be matched: trimmed and lower-cased, so filters and erasure find it whatever its case. */
public final class EmailKey {

    private EmailKey() {
    }

    /** {@code null} for no address. */
    public static String of(String email) {
        return email == null ? null : email.strip().toLowerCase(Locale.ROOT);
    }
}
