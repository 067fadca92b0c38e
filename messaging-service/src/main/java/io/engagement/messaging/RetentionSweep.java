package io.engagement.messaging;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * @param sweepInterval how often the message ledgers delete bodies past the organization's
 *                      retention, for databases without TTL indexes (the embedded one)
 */
@ConfigurationProperties("engagement.messaging.retention")
public record RetentionSweep(Duration sweepInterval) {

    public RetentionSweep {
        sweepInterval = sweepInterval == null ? Duration.ofMinutes(1) : sweepInterval;
    }
}
