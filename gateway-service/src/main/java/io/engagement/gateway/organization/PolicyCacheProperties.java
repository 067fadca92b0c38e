package io.engagement.gateway.organization;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * @param ttl  how long a cached organization policy is trusted before the database is asked again;
 *             changes arrive sooner, as written and from the organization topic
 * @param size how many organizations' policies the cache holds
 */
@ConfigurationProperties("engagement.organization-policies.cache")
record PolicyCacheProperties(Duration ttl, Long size) {

    PolicyCacheProperties {
        ttl = ttl == null ? Duration.ofSeconds(60) : ttl;
        size = size == null ? 100_000L : size;
    }
}
