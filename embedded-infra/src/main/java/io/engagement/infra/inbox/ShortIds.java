package io.engagement.infra.inbox;

import java.security.SecureRandom;

/**
 * Random base-62 identifiers like Mailpit's: short enough to read in a URL, and at 12 characters
 * (71 bits) unlikely to repeat even across restarts of a long-lived dev inbox.
 */
final class ShortIds {

    private static final char[] ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    private static final int LENGTH = 12;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ShortIds() {
    }

    static String next() {
        char[] id = new char[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            id[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return new String(id);
    }
}
