package io.engagement.alert.detection;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/** Up while the detection topology runs or rebalances; down once it has stopped or failed. */
@Component("detectionStreamsHealthContributor")
class DetectionStreamsHealth implements HealthIndicator {

    private final DetectionStreams streams;

    DetectionStreamsHealth(DetectionStreams streams) {
        this.streams = streams;
    }

    @Override
    public Health health() {
        var state = streams.state();
        return (state.isRunningOrRebalancing() ? Health.up() : Health.down())
                .withDetail("state", state.name())
                .build();
    }
}
