package io.engagement.gateway.security;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Single sign-on ({@code engagement.sso}).
 *
 * @param allowLoopback an issuer on 127.0.0.0/8 or ::1, over http ({@code ./run.sh} and the tests
 *                      allow it, to try a provider on the same machine); never in production
 * @param timeout       how long the issuer's discovery document may take to arrive
 */
@ConfigurationProperties("engagement.sso")
record SsoProperties(boolean allowLoopback, Duration timeout) {

    SsoProperties {
        timeout = timeout == null ? Duration.ofSeconds(5) : timeout;
    }
}
