package io.engagement.gateway.key;

import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.Secrets;

/** A key as handed to its owner once: {@code eng_<kind>_} and 192 random bits. */
record KeySecret(String value) {

    private static final int RANDOM_BYTES = 24;
    private static final int PREFIX_RANDOM_CHARS = 6;

    static KeySecret generate(KeyKind kind) {
        return new KeySecret(Secrets.random(label(kind), RANDOM_BYTES));
    }

    /** Shown in key listings so an owner can tell keys apart; too short to guess the rest from. */
    String prefix() {
        int labelEnd = value.indexOf('_', "eng_".length()) + 1;
        return value.substring(0, Math.min(value.length(), labelEnd + PREFIX_RANDOM_CHARS));
    }

    String hash() {
        return hash(value);
    }

    static String hash(String presented) {
        return Secrets.sha256(presented);
    }

    private static String label(KeyKind kind) {
        return switch (kind) {
            case DATA -> "eng_data_";
            case TRANSACTIONAL -> "eng_tx_";
            case PUBLIC -> "eng_pub_";
            case ADMIN -> throw new IllegalArgumentException("admin access is the admin token, never an issued key");
        };
    }
}
