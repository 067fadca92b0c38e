package io.engagement.messaging;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/** {@code engagement.messaging.*}: defaults in application.yml, production values from the environment. */
@ConfigurationProperties("engagement.messaging")
public record MessagingProperties(Email email, Delivery delivery, Smpp smpp, WhatsApp whatsapp) {

    /** The sender of a message that names none. */
    public record Email(String defaultFrom, String defaultFromName) {
    }

    /**
     * Attempts per message; how many messages a delivery thread claims and records at once. The
     * backoff between attempts ({@code first-backoff}, {@code max-backoff}, in milliseconds) is the
     * delivery binding's, set from those properties in application.yml.
     */
    public record Delivery(int maxAttempts, int batchSize) {

        public Delivery {
            if (batchSize < 1) {
                throw new IllegalArgumentException("engagement.messaging.delivery.batch-size must be at least 1, not " + batchSize);
            }
        }
    }

    /** The SMSC the SMS worker binds to as a transceiver. */
    public record Smpp(String host, int port, String systemId, String password, String systemType,
                       Duration bindTimeout, Duration responseTimeout) {
    }

    /**
     * The WhatsApp Cloud API-compatible provider: {@code POST {baseUrl}/{phone-number-id}/messages}
     * with {@code token} as bearer. {@code phoneNumberId} names the installation's one business
     * number at the provider; blank, each message goes out under its organization's connected
     * number (its digits), as the local stack's dev inbox takes it.
     */
    public record WhatsApp(String baseUrl, String token, String phoneNumberId, Duration timeout) {
    }
}
