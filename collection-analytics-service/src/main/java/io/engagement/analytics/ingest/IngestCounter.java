package io.engagement.analytics.ingest;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/** {@code engagement.events.ingested}: events the broker acknowledged, so a 202 was answered for them. */
@Component
class IngestCounter {

    private final Counter ingested;

    IngestCounter(MeterRegistry registry) {
        this.ingested = Counter.builder("engagement.events.ingested")
                .description("Telemetry events accepted and acknowledged by the broker")
                .register(registry);
    }

    void count(int events) {
        ingested.increment(events);
    }
}
