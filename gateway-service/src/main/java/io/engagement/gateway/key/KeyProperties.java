package io.engagement.gateway.key;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * @param cacheTtl  how long a looked-up key is trusted without asking the database; a revocation
 *                  reaches every replica through {@code engagement.key.v1} at once, this is the fallback
 * @param cacheSize how many keys the cache holds
 */
@ConfigurationProperties("engagement.keys")
record KeyProperties(Duration cacheTtl, Long cacheSize) {

    KeyProperties {
        cacheTtl = cacheTtl == null ? Duration.ofSeconds(60) : cacheTtl;
        cacheSize = cacheSize == null ? 100_000L : cacheSize;
    }
}
