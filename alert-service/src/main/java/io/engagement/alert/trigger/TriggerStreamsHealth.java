package io.engagement.alert.trigger;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/** Up while the trigger topology runs or rebalances; down once it has stopped or failed. */
@Component("triggerStreamsHealthContributor")
class TriggerStreamsHealth implements HealthIndicator {

    private final TriggerStreams streams;

    TriggerStreamsHealth(TriggerStreams streams) {
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
