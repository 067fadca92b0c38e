package io.engagement.customer.conversation;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The {@code X-Hub-Signature-256} Meta puts on every webhook: {@code sha256=} and the hex
 * HMAC-SHA256 of the raw body keyed by the app secret. Compared in constant time.
 */
final class WhatsAppSignature {

    static final String HEADER = "X-Hub-Signature-256";
    private static final String PREFIX = "sha256=";

    private WhatsAppSignature() {
    }

    static String of(byte[] body, String appSecret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(appSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return PREFIX + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException unavailable) {
            throw new IllegalStateException("HmacSHA256 is unavailable", unavailable);
        }
    }

    /** False without a secret to check against: an unconfigured webhook trusts nothing. */
    static boolean verifies(byte[] body, String header, String appSecret) {
        if (appSecret == null || appSecret.isBlank() || header == null) {
            return false;
        }
        byte[] expected = of(body, appSecret).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, header.strip().toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    }
}
