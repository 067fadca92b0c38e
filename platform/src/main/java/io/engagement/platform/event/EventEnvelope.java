package io.engagement.platform.event;

import java.time.Instant;
import java.util.UUID;

/**
 * Every event on every topic: a small envelope around a typed payload. Fields are added, never
 * renamed or repurposed; a breaking change is a new {@code type} or a new topic version.
 */
public record EventEnvelope<T>(UUID id, String type, int schemaVersion, long orgId, Instant occurredAt, T data) {

    /** An envelope around an event record, its type the record's {@link EventType}. */
    public static <E extends DomainEvent> EventEnvelope<E> of(UUID id, long orgId, Instant occurredAt, E event) {
        return new EventEnvelope<>(id, DomainEvent.typeOf(event.getClass()), 1, orgId, occurredAt, event);
    }

    /** The record key: {@code org:entity}, so one entity's events keep their order. */
    public static String key(long orgId, Object entityId) {
        return orgId + ":" + entityId;
    }
}
