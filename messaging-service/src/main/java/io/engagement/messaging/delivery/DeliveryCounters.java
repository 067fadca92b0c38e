package io.engagement.messaging.delivery;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code engagement.messages.sent} and {@code engagement.messages.failed}, by channel: one count
 * per message whose delivery ended, registered up front so a dashboard sees zeros, not gaps.
 */
@Component
class DeliveryCounters {

    private static final List<String> CHANNELS = List.of("email", "sms");

    private final Map<String, Counter> sent;
    private final Map<String, Counter> failed;

    DeliveryCounters(MeterRegistry registry) {
        this.sent = perChannel(registry, "engagement.messages.sent", "Messages handed over to the SMTP relay or the SMSC");
        this.failed = perChannel(registry, "engagement.messages.failed", "Messages whose delivery failed for good");
    }

    void count(String channel, DeliveryStatus status) {
        Map<String, Counter> counters = status == DeliveryStatus.SENT ? sent : failed;
        Counter counter = counters.get(channel);
        if (counter != null) {
            counter.increment();
        }
    }

    private static Map<String, Counter> perChannel(MeterRegistry registry, String name, String description) {
        return CHANNELS.stream().collect(Collectors.toUnmodifiableMap(Function.identity(), channel -> Counter.builder(name)
                .description(description)
                .tag("channel", channel)
                .register(registry)));
    }
}
