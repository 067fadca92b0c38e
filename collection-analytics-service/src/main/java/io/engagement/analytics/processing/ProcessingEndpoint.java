package io.engagement.analytics.processing;

import io.engagement.analytics.activity.ActivityStreams;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.TreeMap;

/**
 * Pauses and resumes this instance's stream processing (the page-activity topology and every
 * Kafka listener: rollups, page registry, raw-event archive) while ingest and queries go on, for
 * database maintenance or to give a small machine's cores to a burst of ingest. Nothing is lost:
 * records wait in Kafka and are processed on resume. {@code GET /actuator/processing} shows the
 * state, {@code POST /actuator/processing {"paused": true}} changes it. Not exposed unless
 * {@code management.endpoints.web.exposure.include} names {@code processing}.
 */
@Component
@Endpoint(id = "processing")
class ProcessingEndpoint {

    private final KafkaListenerEndpointRegistry listeners;
    private final ActivityStreams activity;

    ProcessingEndpoint(KafkaListenerEndpointRegistry listeners, ActivityStreams activity) {
        this.listeners = listeners;
        this.activity = activity;
    }

    @ReadOperation
    ProcessingState state() {
        Map<String, Boolean> paused = new TreeMap<>();
        paused.put("page-activity", activity.isPaused());
        for (MessageListenerContainer container : listeners.getListenerContainers()) {
            paused.put(container.getListenerId(), container.isPauseRequested());
        }
        return new ProcessingState(paused.values().stream().allMatch(Boolean::booleanValue), paused);
    }

    @WriteOperation
    ProcessingState change(boolean paused) {
        listeners.getListenerContainers().forEach(container -> {
            if (paused) {
                container.pause();
            } else {
                container.resume();
            }
        });
        if (paused) {
            activity.pause();
        } else {
            activity.resume();
        }
        return state();
    }

    /** Whether everything is paused, and each consumer's own state. */
    record ProcessingState(boolean paused, Map<String, Boolean> consumers) {
    }
}
