package io.engagement.gateway.key;

/** A new key, the only time its secret is shown. */
public record IssuedKey(String key, String kind, long keyId, String prefix) {
}
