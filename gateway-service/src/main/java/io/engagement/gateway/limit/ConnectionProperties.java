package io.engagement.gateway.limit;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How long the gateway waits for a client that sends its body slowly. A connection that sends
 * nothing at all, or stops in the middle of its headers, is closed after
 * {@code server.netty.idle-timeout}.
 *
 * @param readTimeout    the longest pause between two reads of a request's body
 * @param requestTimeout the longest time reading one request's whole body may take
 */
@ConfigurationProperties("engagement.connections")
record ConnectionProperties(Duration readTimeout, Duration requestTimeout) {

    ConnectionProperties {
        readTimeout = readTimeout == null ? Duration.ofSeconds(10) : readTimeout;
        requestTimeout = requestTimeout == null ? Duration.ofSeconds(60) : requestTimeout;
    }
}
