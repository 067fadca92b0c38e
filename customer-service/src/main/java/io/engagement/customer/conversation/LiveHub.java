package io.engagement.customer.conversation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.engagement.platform.event.ConversationChanged;
import io.engagement.platform.event.MessageCreated;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.event.TypingChanged;
import io.engagement.platform.store.EmailKey;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live connections this replica holds and what each may be sent: an organization's agents get
 * every event of it; a visitor's connections are found by the visitor and by its verified identity,
 * so an event reaches its few visitors without passing over every connection of the organization.
 * Events come from the conversation topic ({@link ConversationFeedConsumer}), whichever replica
 * wrote them, and from resumes on the connection itself.
 */
@Component
class LiveHub {

    private final Map<Long, Set<LiveConnection>> agentsByOrganization = new ConcurrentHashMap<>();
    /** Visitor connections by {@code org:visitor_id} and by {@code org:identity}. */
    private final Map<String, Set<LiveConnection>> visitorsByAudience = new ConcurrentHashMap<>();
    private final ObjectMapper json;

    LiveHub(ObjectMapper json) {
        this.json = json;
    }

    void open(LiveConnection connection) {
        if (connection.isAgent()) {
            agentsByOrganization.computeIfAbsent(connection.organizationId(), id -> ConcurrentHashMap.newKeySet()).add(connection);
            return;
        }
        audiencesOf(connection).forEach(audience -> visitorsByAudience.computeIfAbsent(audience, key -> ConcurrentHashMap.newKeySet())
                .add(connection));
    }

    void close(LiveConnection connection) {
        if (connection.isAgent()) {
            removeFrom(agentsByOrganization, connection.organizationId(), connection);
        } else {
            audiencesOf(connection).forEach(audience -> removeFrom(visitorsByAudience, audience, connection));
        }
        connection.close();
    }

    /** Every agent connected to this replica, once each. */
    Set<OnlineAgent> agentConnections() {
        Set<OnlineAgent> agents = new HashSet<>();
        agentsByOrganization.values().forEach(connections -> connections
                .forEach(connection -> agents.add(new OnlineAgent(connection.organizationId(), EmailKey.of(connection.agentEmail())))));
        return agents;
    }

    /** Whether this replica still holds a connection of the agent. */
    boolean holds(long organizationId, String agentKey) {
        return agentsByOrganization.getOrDefault(organizationId, Set.of()).stream()
                .anyMatch(connection -> EmailKey.of(connection.agentEmail()).equals(agentKey));
    }

    record OnlineAgent(long organizationId, String agentKey) {
    }

    /** A message to the agents, and to the visitor it concerns unless it is a private note. */
    void messageCreated(long organizationId, MessageCreated event) {
        deliver(organizationId, frame("message.created", event.message()), !event.message().isPrivate(), event.visitorId(),
                event.verifiedIdentity());
    }

    void conversationChanged(long organizationId, ConversationChanged event) {
        deliver(organizationId, frame("conversation.updated", event.conversation()), true, event.conversation().visitor().visitorId(),
                event.verifiedIdentity());
    }

    void typing(long organizationId, TypingChanged event) {
        deliver(organizationId, frame("typing", new Typing(event.conversationId(), event.sender(), event.typing())), true,
                event.visitorId(), event.verifiedIdentity());
    }

    String frame(String event, Object data) {
        return json.writeValueAsString(new Frame(event, data));
    }

    /** To the organization's agents, and, when {@code toVisitor}, to the visitor's and the identity's connections, once each. */
    private void deliver(long organizationId, String frame, boolean toVisitor, String visitorId, String verifiedIdentity) {
        Set<LiveConnection> receivers = new HashSet<>(agentsByOrganization.getOrDefault(organizationId, Set.of()));
        if (toVisitor) {
            receivers.addAll(visitorsByAudience.getOrDefault(audience(organizationId, "visitor", visitorId), Set.of()));
            if (verifiedIdentity != null) {
                receivers.addAll(visitorsByAudience.getOrDefault(audience(organizationId, "identity", verifiedIdentity), Set.of()));
            }
        }
        for (LiveConnection connection : receivers) {
            if (!connection.send(frame)) {
                close(connection);
            }
        }
    }

    private static List<String> audiencesOf(LiveConnection visitor) {
        String own = audience(visitor.organizationId(), "visitor", visitor.visitorId());
        return visitor.verifiedIdentity() == null ? List.of(own) : List.of(own, audience(visitor.organizationId(), "identity", visitor.verifiedIdentity()));
    }

    private static String audience(long organizationId, String kind, String id) {
        return organizationId + ":" + kind + ":" + id;
    }

    private static <K> void removeFrom(Map<K, Set<LiveConnection>> index, K key, LiveConnection connection) {
        index.computeIfPresent(key, (ignored, connections) -> {
            connections.remove(connection);
            return connections.isEmpty() ? null : connections;
        });
    }

    /** One text frame: {@code {"event", "data"}}. */
    record Frame(String event, @JsonInclude(JsonInclude.Include.NON_NULL) Object data) {
    }

    record Typing(String conversationId, MessageView.Sender sender, boolean typing) {
    }
}
