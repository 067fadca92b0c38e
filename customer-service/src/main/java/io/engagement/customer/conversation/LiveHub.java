package io.engagement.customer.conversation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.engagement.platform.event.ConversationChanged;
import io.engagement.platform.event.MessageCreated;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.event.TypingChanged;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The live connections this replica holds, by organization, and what each may be sent. Events come
 * from the conversation topic ({@link ConversationFeedConsumer}), whichever replica wrote them, and from
 * resumes on the connection itself.
 */
@Component
class LiveHub {

    private final Map<Long, Set<LiveConnection>> byOrganization = new ConcurrentHashMap<>();
    private final ObjectMapper json;

    LiveHub(ObjectMapper json) {
        this.json = json;
    }

    void open(LiveConnection connection) {
        byOrganization.computeIfAbsent(connection.organizationId(), id -> ConcurrentHashMap.newKeySet()).add(connection);
    }

    void close(LiveConnection connection) {
        byOrganization.computeIfPresent(connection.organizationId(), (id, connections) -> {
            connections.remove(connection);
            return connections.isEmpty() ? null : connections;
        });
        connection.close();
    }

    /** Every agent connected to this replica, once each. */
    Set<OnlineAgent> agentConnections() {
        Set<OnlineAgent> agents = new HashSet<>();
        byOrganization.values().forEach(connections -> connections.stream().filter(LiveConnection::isAgent)
                .forEach(connection -> agents.add(new OnlineAgent(connection.organizationId(), Conversations.emailKey(connection.agentEmail())))));
        return agents;
    }

    /** Whether this replica still holds a connection of the agent. */
    boolean holds(long organizationId, String agentKey) {
        return byOrganization.getOrDefault(organizationId, Set.of()).stream()
                .anyMatch(connection -> connection.isAgent() && Conversations.emailKey(connection.agentEmail()).equals(agentKey));
    }

    record OnlineAgent(long organizationId, String agentKey) {
    }

    /** A message to the agents, and to the visitor it concerns unless it is a private note. */
    void messageCreated(long organizationId, MessageCreated event) {
        String frame = frame("message.created", event.message());
        deliver(organizationId, frame, connection -> connection.isAgent()
                || !event.message().isPrivate() && connection.follows(event.visitorId(), event.verifiedIdentity()));
    }

    void conversationChanged(long organizationId, ConversationChanged event) {
        String frame = frame("conversation.updated", event.conversation());
        deliver(organizationId, frame, connection -> connection.follows(event.conversation().visitor().visitorId(), event.verifiedIdentity()));
    }

    void typing(long organizationId, TypingChanged event) {
        String frame = frame("typing", new Typing(event.conversationId(), event.sender(), event.typing()));
        deliver(organizationId, frame, connection -> connection.follows(event.visitorId(), event.verifiedIdentity()));
    }

    String frame(String event, Object data) {
        return json.writeValueAsString(new Frame(event, data));
    }

    private void deliver(long organizationId, String frame, Predicate<LiveConnection> entitled) {
        for (LiveConnection connection : byOrganization.getOrDefault(organizationId, Set.of())) {
            if (entitled.test(connection) && !connection.send(frame)) {
                close(connection);
            }
        }
    }

    /** One text frame: {@code {"event", "data"}}. */
    record Frame(String event, @JsonInclude(JsonInclude.Include.NON_NULL) Object data) {
    }

    record Typing(String conversationId, MessageView.Sender sender, boolean typing) {
    }
}
