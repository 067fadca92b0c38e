package io.engagement.alert.delivery;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/** Tells the poller that deliveries were just planned, so a new alert is sent without waiting for the next poll. */
@Component
class DeliveryWakeups {

    private final Sinks.Many<Boolean> wakeups = Sinks.many().multicast().directBestEffort();

    void wake() {
        wakeups.tryEmitNext(true);
    }

    Flux<Boolean> asFlux() {
        return wakeups.asFlux();
    }
}
