package io.engagement.alert.rule;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.util.Base64;
import java.util.Optional;

/**
 * A browser's Web Push subscription ({@code PushSubscription.toJSON()}): the push service's
 * endpoint and the user agent's P-256 public key and 16-byte authentication secret, base64url.
 */
public record PushSubscription(URI endpoint, String p256dh, String auth) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The subscription a channel target names, as a JSON object or a string holding one. */
    public static Optional<PushSubscription> parse(JsonNode target) {
        JsonNode object = target;
        if (target != null && target.isString()) {
            try {
                object = JSON.readTree(target.asString());
            } catch (JacksonException malformed) {
                return Optional.empty();
            }
        }
        if (object == null || !object.isObject()) {
            return Optional.empty();
        }
        Optional<URI> endpoint = RuleRequests.httpUrl(object.path("endpoint").asString(""));
        String p256dh = object.path("keys").path("p256dh").asString("");
        String auth = object.path("keys").path("auth").asString("");
        if (endpoint.isEmpty() || decodedLength(p256dh) != 65 || decodedLength(auth) < 16) {
            return Optional.empty();
        }
        return Optional.of(new PushSubscription(endpoint.get(), p256dh, auth));
    }

    private static int decodedLength(String base64url) {
        try {
            return Base64.getUrlDecoder().decode(base64url.replace('+', '-').replace('/', '_').replace("=", "")).length;
        } catch (IllegalArgumentException malformed) {
            return -1;
        }
    }
}
