package io.engagement.customer.conversation;

import io.engagement.platform.auth.Secrets;

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
        return PREFIX + Secrets.hmacSha256(appSecret, body);
    }

    /** False without a secret to check against: an unconfigured webhook trusts nothing. */
    static boolean verifies(byte[] body, String header, String appSecret) {
        return appSecret != null && !appSecret.isBlank() && Secrets.sameHex(of(body, appSecret), header);
    }
}
