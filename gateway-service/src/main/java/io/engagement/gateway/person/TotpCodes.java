package io.engagement.gateway.person;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import org.apache.commons.codec.binary.Base32;
import org.springframework.stereotype.Component;

import javax.crypto.spec.SecretKeySpec;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * TOTP as authenticator apps read it (RFC 6238: HMAC-SHA1, 6 digits, 30 s steps), the codes by
 * java-otp. A code is accepted for its step and one step either side, for clocks that drift; which
 * step it matched is answered, so the caller can refuse a code whose step was already used.
 */
@Component
class TotpCodes {

    static final String ISSUER = "Engagement Suite";
    private static final Duration STEP = Duration.ofSeconds(30);
    private static final int DIGITS = 6;
    private static final int SECRET_BYTES = 20;
    private static final String HMAC = TimeBasedOneTimePasswordGenerator.TOTP_ALGORITHM_HMAC_SHA1;

    private final TimeBasedOneTimePasswordGenerator generator = new TimeBasedOneTimePasswordGenerator(STEP, DIGITS, HMAC);
    private final SecureRandom random = new SecureRandom();
    private final Clock clock;

    TotpCodes(Clock clock) {
        this.clock = clock;
    }

    /** A new secret, base32 without padding, as authenticator apps take it. */
    String newSecret() {
        byte[] secret = new byte[SECRET_BYTES];
        random.nextBytes(secret);
        return new Base32().encodeAsString(secret).replace("=", "");
    }

    /** The {@code otpauth://} URI a QR code carries to an authenticator app. */
    static String uri(String secret, String email) {
        String label = encode(ISSUER + ":" + email);
        return "otpauth://totp/" + label + "?secret=" + secret + "&issuer=" + encode(ISSUER) + "&algorithm=SHA1&digits=" + DIGITS
                + "&period=" + STEP.toSeconds();
    }

    /** The step the code belongs to, if it is the secret's code now or one step either side. */
    OptionalLong matchingStep(String secret, String code) {
        if (code == null || !code.matches("\\d{" + DIGITS + "}")) {
            return OptionalLong.empty();
        }
        long now = clock.instant().getEpochSecond() / STEP.toSeconds();
        byte[] presented = code.getBytes(StandardCharsets.US_ASCII);
        for (long step = now - 1; step <= now + 1; step++) {
            if (MessageDigest.isEqual(presented, codeAt(secret, step).getBytes(StandardCharsets.US_ASCII))) {
                return OptionalLong.of(step);
            }
        }
        return OptionalLong.empty();
    }

    /** The code of one step; also what a test's authenticator shows. */
    String codeAt(String secret, long step) {
        try {
            return generator.generateOneTimePasswordString(new SecretKeySpec(new Base32().decode(secret), "RAW"),
                    Instant.ofEpochSecond(step * STEP.toSeconds()));
        } catch (InvalidKeyException e) {
            throw new IllegalStateException("a stored TOTP secret that keys no HMAC", e);
        }
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
