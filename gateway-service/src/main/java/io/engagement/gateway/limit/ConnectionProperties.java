package io.engagement.gateway.limit;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * How long the gateway waits for a client that sends its body slowly, and how much of a body it
 * reads for nothing before closing a connection it has already answered. A connection that sends
 * nothing at all, or stops in the middle of its headers, is closed after
 * {@code server.netty.idle-timeout}.
 *
 * @param readTimeout    the longest pause between two reads of a request's body, also while lingering
 * @param requestTimeout the longest time reading one request's whole body may take
 * @param lingeringTime  the longest time the gateway goes on reading a body it has answered (413) before closing
 * @param lingeringSize  the most of such a body it reads and drops before closing
 */
@ConfigurationProperties("engagement.connections")
record ConnectionProperties(Duration readTimeout, Duration requestTimeout, Duration lingeringTime, DataSize lingeringSize) {

    ConnectionProperties {
        readTimeout = readTimeout == null ? Duration.ofSeconds(10) : readTimeout;
        requestTimeout = requestTimeout == null ? Duration.ofSeconds(60) : requestTimeout;
        // nginx's lingering_time
        lingeringTime = lingeringTime == null ? Duration.ofSeconds(30) : lingeringTime;
        // three times the largest body a route takes (21 MB of file upload); dropping costs one read buffer, not the size
        lingeringSize = lingeringSize == null ? DataSize.ofMegabytes(64) : lingeringSize;
    }
}
