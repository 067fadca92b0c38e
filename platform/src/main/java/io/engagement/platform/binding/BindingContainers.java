package io.engagement.platform.binding;

import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.MessageListenerContainer;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The listener container of each of the service's bindings, by binding name ({@code rollups-in-0}),
 * as {@link DeadLetterPolicy} configured them: what a binding has been assigned, and its containers
 * for the few callers that act on them directly (pausing a service's processing as a whole).
 */
public final class BindingContainers {

    private final Map<String, MessageListenerContainer> containers = new ConcurrentHashMap<>();

    void register(String binding, MessageListenerContainer container) {
        containers.put(binding, container);
    }

    /** The partitions the binding's consumers hold now; empty before its first assignment. */
    public Collection<TopicPartition> assignedPartitions(String binding) {
        MessageListenerContainer container = containers.get(binding);
        Collection<TopicPartition> assigned = container == null ? null : container.getAssignedPartitions();
        return assigned == null ? List.of() : assigned;
    }

    public Map<String, MessageListenerContainer> all() {
        return Map.copyOf(containers);
    }
}
