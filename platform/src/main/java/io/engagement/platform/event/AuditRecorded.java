package io.engagement.platform.event;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.Map;

/**
 * One act for an organization's audit log ({@code audit.recorded} on {@link Topics#AUDIT}, keyed
 * {@code org:event_id}): who did what to what, from where. The gateway stores each once by its id.
 * {@code details} never hold a password, token, key, secret or code.
 *
 * @param eventId   the act's id, the same if it is published again
 * @param action    {@code person.signed_in}, {@code settings.changed}, {@code customer.erased}, ...
 * @param actor     who acted
 * @param target    what they acted on
 * @param ip        the client's address as the gateway saw it, if known
 * @param userAgent the client's {@code User-Agent}, if known
 */
@EventType("audit.recorded")
public record AuditRecorded(String eventId, Instant at, String action, Actor actor, Target target,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String ip,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String userAgent,
                            Map<String, Object> details) implements DomainEvent {

    /** {@code person}, {@code key}, {@code operator} or {@code system}, with what identifies it. */
    public record Actor(String type, @JsonInclude(JsonInclude.Include.NON_NULL) String personId,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String email,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long keyId) {
    }

    public record Target(String type, String id) {
    }
}
