package io.engagement.alert.alert;

import io.engagement.alert.detection.AlertRaised;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.Topics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;

/**
 * Stores each raised alert that detection committed (the consumer reads committed records only)
 * and plans its deliveries. Both writes are insert-if-absent under ids derived from the alert, so
 * a record read again after a crash stores nothing twice; the offset moves on only after both.
 */
@Component
class AlertRaisedListener {

    private static final Logger log = LoggerFactory.getLogger(AlertRaisedListener.class);
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

    // runs on the listener's consumer thread, never an event loop: waiting for the writes is what keeps the offset honest
    @KafkaListener(id = "alert-store", topics = Topics.ALERT)
    void onAlert(ConsumerRecord<String, String> record) {
        EventEnvelope<AlertRaised> event;
        try {
            // the topic also carries other events (settings.alert_triggers.changed): only raised alerts are bound
            if (!AlertRaised.TYPE.equals(json.readTree(record.value()).path("type").asString(""))) {
                return;
            }
            event = json.readValue(record.value(), ENVELOPE);
        } catch (JacksonException unreadable) {
            log.error("Skipping unreadable record {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                    unreadable.getOriginalMessage());
            return;
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
