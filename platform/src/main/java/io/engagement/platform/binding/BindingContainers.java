package io.engagement.platform.binding;

import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.MessageListenerContainer;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The listener containers of each of the service's bindings, by binding name ({@code rollups-in-0}),
 * as {@link DeadLetterPolicy} configured them: what a binding has been assigned, and its containers
 * for the few callers that act on them directly (pausing a service's processing as a whole). A
 * binding of several topics without {@code multiplex} has a container per topic.
 */
public final class BindingContainers {

    private final Map<String, List<MessageListenerContainer>> containers = new ConcurrentHashMap<>();

    void register(String binding, MessageListenerContainer container) {
        containers.computeIfAbsent(binding, any -> new CopyOnWriteArrayList<>()).add(container);
    }

    /** The partitions the binding's consumers hold now; empty before its first assignment. */
    public Collection<TopicPartition> assignedPartitions(String binding) {
        List<TopicPartition> assigned = new ArrayList<>();
        for (MessageListenerContainer container : containers.getOrDefault(binding, List.of())) {
            Collection<TopicPartition> held = container.getAssignedPartitions();
            if (held != null) {
                assigned.addAll(held);
            }
        }
        return assigned;
    }

    /** Every binding's containers. */
    public Map<String, List<MessageListenerContainer>> all() {
        return Map.copyOf(containers);
    }
}
