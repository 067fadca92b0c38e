package io.engagement.alert.delivery;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Web Push (VAPID) settings. Without keys, a key pair is generated once and kept in the service's
 * database, so subscriptions made against its public key keep working across restarts.
 *
 * @param vapidPublicKey  the application server's P-256 public key, base64url (uncompressed point);
 *                        unset, a key pair is generated once and stored
 * @param vapidPrivateKey its private key, base64url
 * @param vapidSubject    a {@code mailto:} or {@code https:} contact for push services
 * @param ttl             how long a push service keeps an undelivered notification
 */
@ConfigurationProperties("engagement.alert.push")
public record PushSettings(String vapidPublicKey, String vapidPrivateKey, String vapidSubject, Duration ttl) {

    public PushSettings {
        vapidSubject = vapidSubject == null ? "mailto:alerts@engagement.local" : vapidSubject;
        ttl = ttl == null ? Duration.ofHours(24) : ttl;
    }

    boolean hasKeys() {
        return vapidPublicKey != null && !vapidPublicKey.isBlank() && vapidPrivateKey != null && !vapidPrivateKey.isBlank();
    }
}
