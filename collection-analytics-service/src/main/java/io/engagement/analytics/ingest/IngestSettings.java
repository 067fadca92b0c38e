package io.engagement.analytics.ingest;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * @param ackTimeout how long ingest waits for the broker's acknowledgement of a batch before it
 *                   answers 503, so the client sends the batch again
 */
@ConfigurationProperties("engagement.ingest")
record IngestSettings(Duration ackTimeout) {

    IngestSettings {
        ackTimeout = ackTimeout == null ? Duration.ofSeconds(8) : ackTimeout;
    }
}
