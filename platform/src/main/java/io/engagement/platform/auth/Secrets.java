package io.engagement.platform.auth;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;

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

    /** The lowercase hex HMAC-SHA256 of {@code data} keyed by {@code key}: identity hashes, webhook signatures. */
    public static String hmacSha256(String key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(data));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is part of every Java runtime", e);
        }
    }

    /** Whether a presented hex value (any case, surrounding blanks) is {@code expected}, compared in constant time. */
    public static boolean sameHex(String expected, String presented) {
        return presented != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                presented.strip().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
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
