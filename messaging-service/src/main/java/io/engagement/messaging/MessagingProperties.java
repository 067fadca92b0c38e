package io.engagement.messaging;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/** {@code engagement.messaging.*}: defaults in application.yml, production values from the environment. */
@ConfigurationProperties("engagement.messaging")
public record MessagingProperties(Email email, Delivery delivery, Smpp smpp, WhatsApp whatsapp) {

    /**
     * The sender of a message that names none.
     *
     * @param defaultFrom     its address
     * @param defaultFromName its display name
     */
    public record Email(String defaultFrom, String defaultFromName) {
    }

    /**
     * Attempts per message; how many messages a delivery thread claims and records at once. The
     * backoff between attempts ({@code first-backoff}, {@code max-backoff}, in milliseconds) is the
     * delivery binding's, set from those properties in application.yml.
     *
     * @param maxAttempts attempts per message before it is dead-lettered
     * @param batchSize   messages a delivery thread claims, hands over one after the other, and records
     *                    together: fewer database round trips per message; also the most a thread
     *                    killed mid-batch leaves {@code failed} as interrupted (claimed, outcome unknown)
     */
    public record Delivery(int maxAttempts, int batchSize) {

        public Delivery {
            if (batchSize < 1) {
                throw new IllegalArgumentException("engagement.messaging.delivery.batch-size must be at least 1, not " + batchSize);
            }
        }
    }

    /**
     * The SMSC the SMS worker binds to as a transceiver.
     *
     * @param host            the SMSC's host
     * @param port            its SMPP port
     * @param systemId        the account's system id
     * @param password        its password
     * @param systemType      the system type the SMSC expects, if any
     * @param bindTimeout     how long a bind may take
     * @param responseTimeout how long the SMSC may take to answer a submit
     */
    public record Smpp(String host, int port, String systemId, String password, String systemType,
                       Duration bindTimeout, Duration responseTimeout) {
    }

    /**
     * The WhatsApp Cloud API-compatible provider: {@code POST {baseUrl}/{phone-number-id}/messages}
     * with {@code token} as bearer. {@code phoneNumberId} names the installation's one business
     * number at the provider; blank, each message goes out under its organization's connected
     * number (its digits), as the local stack's dev inbox takes it.
     *
     * @param baseUrl       the provider's API root, e.g. {@code https://graph.facebook.com/v21.0}
     *                      ({@code ./run.sh}: the dev inbox)
     * @param token         its bearer token
     * @param phoneNumberId the installation's business number at the provider, or blank (each
     *                      message goes under its organization's connected number's digits)
     * @param timeout       how long one send may take
     */
    public record WhatsApp(String baseUrl, String token, String phoneNumberId, Duration timeout) {
    }
}
