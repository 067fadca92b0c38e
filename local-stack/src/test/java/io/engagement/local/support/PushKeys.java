package io.engagement.local.support;

import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * A browser's side of a Web Push subscription: its P-256 key pair and 16-byte auth secret, and the
 * RFC 8291 (aes128gcm) decryption a user agent does, written from the RFC with the JDK's own
 * primitives, so the test checks the sender against the standard rather than against itself.
 */
public record PushKeys(KeyPair pair, byte[] auth) {

    private static final SecureRandom RANDOM = new SecureRandom();

    public static PushKeys generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            byte[] auth = new byte[16];
            RANDOM.nextBytes(auth);
            return new PushKeys(generator.generateKeyPair(), auth);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code PushSubscription.toJSON()} for an endpoint. */
    public String subscription(String endpoint) {
        return "{\"endpoint\":\"%s\",\"keys\":{\"p256dh\":\"%s\",\"auth\":\"%s\"}}".formatted(endpoint,
                base64url(uncompressed((ECPublicKey) pair.getPublic())), base64url(auth));
    }

    /** The plaintext of one aes128gcm-encoded push message body. */
    public byte[] decrypt(byte[] body) throws GeneralSecurityException {
        ByteBuffer header = ByteBuffer.wrap(body);
        byte[] salt = new byte[16];
        header.get(salt);
        header.getInt();
        int idLength = header.get() & 0xff;
        byte[] senderPublic = new byte[idLength];
        header.get(senderPublic);
        byte[] record = Arrays.copyOfRange(body, 21 + idLength, body.length);

        KeyAgreement agreement = KeyAgreement.getInstance("ECDH");
        agreement.init(pair.getPrivate());
        agreement.doPhase(publicKeyOf(senderPublic), true);
        byte[] ecdhSecret = agreement.generateSecret();

        byte[] keyInfo = concat("WebPush: info".getBytes(StandardCharsets.US_ASCII), new byte[] {0},
                uncompressed((ECPublicKey) pair.getPublic()), senderPublic);
        byte[] ikm = hkdf(auth, ecdhSecret, keyInfo, 32);
        byte[] cek = hkdf(salt, ikm, concat("Content-Encoding: aes128gcm".getBytes(StandardCharsets.US_ASCII), new byte[] {0}), 16);
        byte[] nonce = hkdf(salt, ikm, concat("Content-Encoding: nonce".getBytes(StandardCharsets.US_ASCII), new byte[] {0}), 12);

        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(cek, "AES"), new GCMParameterSpec(128, nonce));
        byte[] padded = cipher.doFinal(record);
        int end = padded.length - 1;
        while (end >= 0 && padded[end] == 0) {
            end--;
        }
        if (end < 0 || padded[end] != 2) {
            throw new GeneralSecurityException("the last record's padding delimiter is not 0x02");
        }
        return Arrays.copyOf(padded, end);
    }

    private ECPublicKey publicKeyOf(byte[] uncompressed) throws GeneralSecurityException {
        ECPoint point = new ECPoint(new BigInteger(1, Arrays.copyOfRange(uncompressed, 1, 33)),
                new BigInteger(1, Arrays.copyOfRange(uncompressed, 33, 65)));
        ECPublicKeySpec spec = new ECPublicKeySpec(point, ((ECPublicKey) pair.getPublic()).getParams());
        return (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(spec);
    }

    /** HKDF-SHA256 (RFC 5869) for outputs of one block. */
    private static byte[] hkdf(byte[] salt, byte[] ikm, byte[] info, int length) throws GeneralSecurityException {
        byte[] prk = hmac(salt, ikm);
        return Arrays.copyOf(hmac(prk, concat(info, new byte[] {1})), length);
    }

    private static byte[] hmac(byte[] key, byte[] data) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data);
    }

    public static byte[] uncompressed(ECPublicKey key) {
        return concat(new byte[] {4}, fixed(key.getW().getAffineX()), fixed(key.getW().getAffineY()));
    }

    private static byte[] fixed(BigInteger coordinate) {
        byte[] bytes = coordinate.toByteArray();
        byte[] out = new byte[32];
        int length = Math.min(bytes.length, 32);
        System.arraycopy(bytes, bytes.length - length, out, 32 - length, length);
        return out;
    }

    private static byte[] concat(byte[]... parts) {
        int length = Arrays.stream(parts).mapToInt(part -> part.length).sum();
        ByteBuffer out = ByteBuffer.allocate(length);
        Arrays.stream(parts).forEach(out::put);
        return out.array();
    }

    public static String base64url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
