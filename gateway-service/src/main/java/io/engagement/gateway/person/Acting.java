package io.engagement.gateway.person;

import io.engagement.platform.event.AuditRecorded;
import org.springframework.http.server.reactive.ServerHttpRequest;

/** Who acts on people, and the request they act through: what the audit log records of an act. */
public record Acting(AuditRecorded.Actor actor, ServerHttpRequest request) {

    public static Acting person(String personId, String email, ServerHttpRequest request) {
        return new Acting(new AuditRecorded.Actor("person", personId, email, null), request);
    }

    /** The installation's operator, on the admin token. */
    public static Acting operator(ServerHttpRequest request) {
        return new Acting(new AuditRecorded.Actor("operator", null, null, null), request);
    }
}
