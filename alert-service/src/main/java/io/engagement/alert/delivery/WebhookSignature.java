package io.engagement.alert.delivery;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;

/**
 * Standard Webhooks signing: {@code v1,} and the base64 HMAC-SHA256 of {@code id.timestamp.body},
 * keyed by the base64-decoded part of the {@code whsec_} secret.
 */
final class WebhookSignature {

    static final String PREFIX = "whsec_";

    private WebhookSignature() {
    }

    static String sign(String secret, String webhookId, long timestampSeconds, String body) {
        String encodedKey = secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(encodedKey), "HmacSHA256"));
            byte[] digest = mac.doFinal((webhookId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }
}
