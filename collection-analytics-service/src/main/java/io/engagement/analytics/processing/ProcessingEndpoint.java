package io.engagement.analytics.processing;

import io.engagement.analytics.activity.ActivityPause;
import io.engagement.platform.binding.BindingContainers;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Pauses and resumes this instance's stream processing (the page-activity topology and the
 * consumers of every binding: rollups, page registry, raw-event archive, session store, erasures,
 * organization policies) while ingest and queries go on, for database maintenance or to give a
 * small machine's cores to a burst of ingest. Nothing is lost: records wait in Kafka and are
 * processed on resume. {@code GET /actuator/processing} shows the state, each binding's consumers
 * by their consumer group, {@code POST /actuator/processing {"paused": true}} changes it. Not
 * exposed unless {@code management.endpoints.web.exposure.include} names {@code processing}.
 */
@Component
@Endpoint(id = "processing")
class ProcessingEndpoint {

    private final BindingContainers bindings;
    private final ActivityPause activity;

    ProcessingEndpoint(BindingContainers bindings, ActivityPause activity) {
        this.bindings = bindings;
        this.activity = activity;
    }

    @ReadOperation
    ProcessingState state() {
        Map<String, Boolean> paused = new TreeMap<>();
        paused.put("page-activity", activity.isPaused());
        bindings.all().forEach((binding, containers) -> paused.put(consumerOf(binding, containers.get(0)),
                containers.stream().allMatch(MessageListenerContainer::isPauseRequested)));
        return new ProcessingState(paused.values().stream().allMatch(Boolean::booleanValue), paused);
    }

    @WriteOperation
    ProcessingState change(boolean paused) {
        bindings.all().values().stream().flatMap(List::stream).forEach(container -> {
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

    /** A binding's consumers by their group, the name its lag and the deployment's autoscaling know them by. */
    private static String consumerOf(String binding, MessageListenerContainer container) {
        String group = container.getGroupId();
        return group == null ? binding : group;
    }

    /** Whether everything is paused, and each consumer's own state. */
    record ProcessingState(boolean paused, Map<String, Boolean> consumers) {
    }
}
