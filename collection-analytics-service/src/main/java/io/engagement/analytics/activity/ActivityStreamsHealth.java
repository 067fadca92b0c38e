package io.engagement.analytics.activity;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/** Up while the activity topology runs or rebalances; down once it has stopped or failed. */
@Component("activityStreamsHealthContributor")
class ActivityStreamsHealth implements HealthIndicator {

    private final ActivityStreams streams;

    ActivityStreamsHealth(ActivityStreams streams) {
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
