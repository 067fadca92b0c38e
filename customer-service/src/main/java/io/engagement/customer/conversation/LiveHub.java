package io.engagement.customer.conversation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.engagement.platform.event.ConversationChanged;
import io.engagement.platform.event.MessageCreated;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.event.TypingChanged;
import io.engagement.platform.event.VisitorMessageView;
import io.engagement.platform.store.EmailKey;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The live connections this replica holds and what each may be sent: an organization's agents get
 * every event of it; a visitor's connections are found by the visitor and by its verified identity,
 * so an event reaches its few visitors without passing over every connection of the organization.
 * Events come from the conversation topic ({@link ConversationFeedConsumer}), whichever replica
 * wrote them, and from resumes on the connection itself. Agents are sent the agents' view, visitors
 * the visitor's, each frame made once for all the connections it goes to.
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

    /** Closes this replica's connections of the agent, as when they are no longer a member; their clients see the socket end. */
    void closeAgent(long organizationId, String agentKey) {
        agentsByOrganization.getOrDefault(organizationId, Set.of()).stream()
                .filter(connection -> EmailKey.of(connection.agentEmail()).equals(agentKey))
                .toList()
                .forEach(this::close);
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
        MessageView message = event.message();
        toAgents(organizationId, frame("message.created", message), null);
        if (!message.isPrivate()) {
            toVisitor(organizationId, event.visitorId(), event.verifiedIdentity(),
                    () -> frame("message.created", VisitorMessageView.of(message, null)));
        }
    }

    /** To the agents; to the visitor only when the change shows them something. */
    void conversationChanged(long organizationId, ConversationChanged event) {
        toAgents(organizationId, frame("conversation.updated", event.conversation()), null);
        if (event.visitorView() != null) {
            toVisitor(organizationId, event.conversation().visitor().visitorId(), event.verifiedIdentity(),
                    () -> frame("conversation.updated", event.visitorView()));
        }
    }

    /**
     * Who is typing, to the other side and never back to who types: a visitor's to the agents, an
     * agent's to the visitor (by name) and to the other agents.
     */
    void typing(long organizationId, TypingChanged event) {
        MessageView.Sender sender = event.sender();
        boolean byVisitor = MessageView.VISITOR.equals(sender.type());
        toAgents(organizationId, frame("typing", new Typing(event.conversationId(), sender, event.typing())),
                byVisitor ? null : EmailKey.of(sender.email()));
        if (!byVisitor) {
            toVisitor(organizationId, event.visitorId(), event.verifiedIdentity(), () -> frame("typing",
                    new VisitorTyping(event.conversationId(), VisitorMessageView.Sender.of(sender, null), event.typing())));
        }
    }

    String frame(String event, Object data) {
        return json.writeValueAsString(new Frame(event, data));
    }

    /** To the organization's agents, but for those signed in as {@code exceptAgentKey}. */
    private void toAgents(long organizationId, String frame, String exceptAgentKey) {
        for (LiveConnection connection : agentsByOrganization.getOrDefault(organizationId, Set.of())) {
            if (exceptAgentKey == null || !exceptAgentKey.equals(EmailKey.of(connection.agentEmail()))) {
                send(connection, frame);
            }
        }
    }

    /** To the visitor's and the identity's connections, once each; the frame is made only if one is here. */
    private void toVisitor(long organizationId, String visitorId, String verifiedIdentity, Supplier<String> frame) {
        Set<LiveConnection> receivers = new HashSet<>(visitorsByAudience.getOrDefault(audience(organizationId, "visitor", visitorId), Set.of()));
        if (verifiedIdentity != null) {
            receivers.addAll(visitorsByAudience.getOrDefault(audience(organizationId, "identity", verifiedIdentity), Set.of()));
        }
        if (receivers.isEmpty()) {
            return;
        }
        String made = frame.get();
        receivers.forEach(connection -> send(connection, made));
    }

    private void send(LiveConnection connection, String frame) {
        if (!connection.send(frame)) {
            close(connection);
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

    record VisitorTyping(String conversationId, VisitorMessageView.Sender sender, boolean typing) {
    }
}
