package io.engagement.local.support;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** The hash a site puts on its widget to prove who a visitor is: HMAC-SHA256 of the identifier under the organization's identity secret, in hex. */
public final class IdentityHash {

    private IdentityHash() {
    }

    public static String of(String secret, String identifier) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(identifier.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException unavailable) {
            throw new IllegalStateException(unavailable);
        }
    }
}
