package io.engagement.platform.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Secrets handed out once (keys, visitor tokens, live tickets, identity secrets) and the hash they
 * are kept as: a database that leaks holds nothing that works.
 */
public final class Secrets {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {
    }

    /** {@code prefix} and {@code bytes} random bytes, URL-safe base64 without padding. */
    public static String random(String prefix, int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }

    /** The lowercase hex SHA-256 of the secret as presented. */
    public static String sha256(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
