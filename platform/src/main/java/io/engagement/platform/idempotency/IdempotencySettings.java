package io.engagement.platform.idempotency;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * {@code engagement.idempotency.*}, the same for every service.
 *
 * @param retention      how long an {@code Idempotency-Key} and its answer are kept, and the answer replayed
 * @param abandonedAfter a key still processing after this long belonged to a request that died; it may be taken over
 */
@ConfigurationProperties("engagement.idempotency")
public record IdempotencySettings(Duration retention, Duration abandonedAfter) {

    public IdempotencySettings {
        retention = retention == null ? Duration.ofHours(24) : retention;
        abandonedAfter = abandonedAfter == null ? Duration.ofSeconds(60) : abandonedAfter;
    }
}
