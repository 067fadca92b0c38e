package io.engagement.alert.raised;

import io.engagement.alert.detection.AlertRaised;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.EventEnvelope;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * Stores each raised alert that detection committed (binding {@code alertRaised}, which reads
 * committed records only) and plans its deliveries. Both writes are insert-if-absent under ids
 * derived from the alert, so a record read again after a crash stores nothing twice; the offset
 * moves on only after both.
 */
@Configuration(proxyBeanMethods = false)
class AlertRaisedListener {

    private static final TypeReference<EventEnvelope<AlertRaised>> ENVELOPE = new TypeReference<>() {
    };
    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(30);

    private final AlertStore alerts;
    private final AlertDeliveries deliveries;
    private final ObjectMapper json;
    private final Counter raised;

    AlertRaisedListener(AlertStore alerts, AlertDeliveries deliveries, ObjectMapper json, MeterRegistry registry) {
        this.alerts = alerts;
        this.deliveries = deliveries;
        this.json = json;
        // counted where an alert is first stored: a record read again after a crash is not counted twice
        this.raised = Counter.builder("engagement.alerts.raised")
                .description("Alerts raised by detection and stored")
                .register(registry);
    }

    @Bean
    Consumer<Message<String>> alertRaised() {
        return message -> {
            // a tombstone's payload is KafkaNull, not a String: it is passed over
            Object payload = message.getPayload();
            if (payload instanceof String value) {
                onAlert(value);
            }
        };
    }

    // runs on the binding's consumer thread, never an event loop: waiting for the writes is what keeps the offset honest
    void onAlert(String value) {
        EventEnvelope<AlertRaised> event;
        try {
            // the topic also carries other events (settings.alert_triggers.changed): only raised alerts are bound
            if (!AlertRaised.TYPE.equals(json.readTree(value).path("type").asString(""))) {
                return;
            }
            event = json.readValue(value, ENVELOPE);
        } catch (JacksonException unreadable) {
            throw new UnreadableRecord("an unreadable alert record: " + unreadable.getOriginalMessage(), unreadable);
        }
        // deliveries first, so the API never shows the alert without them; sending starts once both are stored
        boolean stored = Boolean.TRUE.equals(deliveries.plan(event.orgId(), event.data())
                .then(alerts.insertIfAbsent(event.orgId(), event.data()))
                .block(WRITE_TIMEOUT));
        if (stored) {
            raised.increment();
        }
        deliveries.startSending();
    }
}
