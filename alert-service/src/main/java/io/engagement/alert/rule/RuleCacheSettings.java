package io.engagement.alert.rule;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * @param ruleCacheTtl how long an organization's enabled rules and trigger settings are read from
 *                     memory; a change made through another replica is seen after this long
 */
@ConfigurationProperties("engagement.alert")
public record RuleCacheSettings(Duration ruleCacheTtl) {

    public RuleCacheSettings {
        ruleCacheTtl = ruleCacheTtl == null ? Duration.ofSeconds(5) : ruleCacheTtl;
    }
}
