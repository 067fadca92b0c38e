package io.engagement.platform.event;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Every {@link DomainEvent} by its type name, gathered once from the sealed hierarchy and its {@link EventType}s. */
final class EventTypes {

    private static final Map<String, Class<? extends DomainEvent>> BY_NAME = gather();

    private EventTypes() {
    }

    static String nameOf(Class<? extends DomainEvent> event) {
        EventType type = event.getAnnotation(EventType.class);
        if (type == null) {
            throw new IllegalArgumentException(event.getName() + " is no event record: it names no @EventType");
        }
        return type.value();
    }

    /** The record of a type name; {@code null} for a type this build does not know. */
    static Class<? extends DomainEvent> classOf(String name) {
        return BY_NAME.get(name);
    }

    static Set<Class<? extends DomainEvent>> all() {
        return Set.copyOf(BY_NAME.values());
    }

    private static Map<String, Class<? extends DomainEvent>> gather() {
        Map<String, Class<? extends DomainEvent>> byName = new LinkedHashMap<>();
        gather(DomainEvent.class, byName);
        return Map.copyOf(byName);
    }

    @SuppressWarnings("unchecked")
    private static void gather(Class<?> sealed, Map<String, Class<? extends DomainEvent>> byName) {
        for (Class<?> permitted : sealed.getPermittedSubclasses()) {
            if (permitted.isInterface()) {
                gather(permitted, byName);
                continue;
            }
            Class<? extends DomainEvent> event = (Class<? extends DomainEvent>) permitted;
            Class<?> earlier = byName.putIfAbsent(nameOf(event), event);
            if (earlier != null) {
                throw new IllegalStateException(earlier.getName() + " and " + event.getName() + " name the same type " + nameOf(event));
            }
        }
    }
}
