package io.engagement.platform.event;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A member of an organization as they are now ({@code member.changed} on {@link Topics#MEMBER},
 * keyed {@code org:person_id}; compacted, so the latest of each member stays), published by the
 * gateway whenever their role, status, capacity, availability or name changes. The conversation
 * feature follows it: a member no longer active loses their agent sockets and conversations, and
 * only an online agent takes new ones.
 *
 * @param role         {@code admin}, {@code agent} or {@code viewer}
 * @param status       {@code invited}, {@code active} or {@code deactivated}
 * @param availability {@code online}, {@code busy} or {@code offline}
 */
@EventType("member.changed")
public record MemberChanged(String personId, String email, @JsonInclude(JsonInclude.Include.NON_NULL) String name, String role,
                            String status, int capacity, String availability) implements DomainEvent {

    public boolean active() {
        return "active".equals(status);
    }

    /** May take a conversation: an active agent or admin who is online. */
    public boolean takesConversations() {
        return active() && !"viewer".equals(role) && "online".equals(availability);
    }
}
