package io.engagement.customer.conversation;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.auth.VerifiedTokens;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.event.Topics;
import io.engagement.platform.event.TypingChanged;
import io.engagement.platform.store.EmailKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.reactive.socket.CloseStatus;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.WebSocketSession;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The live connections, RFC 6455, behind the gateway: {@code /widget/v1/live} for a visitor and
 * {@code /external/v1/live} for an agent. The gateway admits a connection before it switches
 * protocols (a bad key, visitor token or ticket is a 401 there) and names who it is in a reserved
 * header ({@value #VISITOR_HEADER}, {@value #AGENT_HEADER}), which it strips from every client request.
 * The client may {@code resume} a conversation from a seq, say it is {@code typing}, and {@code ping}.
 */
@Configuration(proxyBeanMethods = false)
class LiveSockets {

    static final String VISITOR_HEADER = "X-Engagement-Live-Visitor";
    static final String AGENT_HEADER = "X-Engagement-Live-Agent";
    private static final Logger log = LoggerFactory.getLogger(LiveSockets.class);

    @Bean
    HandlerMapping liveMapping(LiveHub hub, VisitorStore visitors, Conversations conversations, MessageStore messages,
                               VisitorViews views, AgentNames names, EventPublisher publisher, AgentPresence presence,
                               Assignment assignment, InternalToken tokens, ObjectMapper json) {
        Live live = new Live(hub, visitors, conversations, messages, views, names, publisher, presence, assignment,
                new VerifiedTokens(tokens), json);
        // before the annotated controllers, which would answer these paths 404
        return new SimpleUrlHandlerMapping(Map.of("/widget/v1/live", (WebSocketHandler) live::visitor,
                "/external/v1/live", (WebSocketHandler) live::agent), -1);
    }

    /** What each connection does. */
    static final class Live {

        private final LiveHub hub;
        private final VisitorStore visitors;
        private final Conversations conversations;
        private final MessageStore messages;
        private final VisitorViews views;
        private final AgentNames names;
        private final EventPublisher publisher;
        private final AgentPresence presence;
        private final Assignment assignment;
        private final VerifiedTokens tokens;
        private final ObjectMapper json;

        Live(LiveHub hub, VisitorStore visitors, Conversations conversations, MessageStore messages, VisitorViews views, AgentNames names,
             EventPublisher publisher, AgentPresence presence, Assignment assignment, VerifiedTokens tokens, ObjectMapper json) {
            this.hub = hub;
            this.visitors = visitors;
            this.conversations = conversations;
            this.messages = messages;
            this.views = views;
            this.names = names;
            this.publisher = publisher;
            this.presence = presence;
            this.assignment = assignment;
            this.tokens = tokens;
            this.json = json;
        }

        Mono<Void> visitor(WebSocketSession session) {
            OrgContext context = contextOf(session);
            String visitorId = session.getHandshakeInfo().getHeaders().getFirst(VISITOR_HEADER);
            if (context == null || context.keyKind() != KeyKind.PUBLIC || visitorId == null) {
                return session.close(CloseStatus.POLICY_VIOLATION);
            }
            return visitors.find(context.organizationId(), visitorId)
                    .map(Optional::of)
                    .defaultIfEmpty(Optional.empty())
                    .flatMap(visitor -> visitor.isPresent() ? serve(session, LiveConnection.ofVisitor(visitor.get()), visitor.get())
                            : session.close(CloseStatus.POLICY_VIOLATION));
        }

        Mono<Void> agent(WebSocketSession session) {
            OrgContext context = contextOf(session);
            String agentEmail = session.getHandshakeInfo().getHeaders().getFirst(AGENT_HEADER);
            if (context == null || context.keyKind() != KeyKind.DATA || agentEmail == null) {
                return session.close(CloseStatus.POLICY_VIOLATION);
            }
            long organizationId = context.organizationId();
            String agentKey = EmailKey.of(agentEmail);
            // online before the connection is served, so the queue it may take is handed out at once
            return presence.online(organizationId, agentKey)
                    .doOnSuccess(online -> assignment.trigger(organizationId))
                    .then(serve(session, LiveConnection.ofAgent(organizationId, agentEmail), null))
                    .then(Mono.defer(() -> hub.holds(organizationId, agentKey) ? Mono.empty() : presence.offline(organizationId, agentKey)));
        }

        private Mono<Void> serve(WebSocketSession session, LiveConnection connection, Visitor visitor) {
            hub.open(connection);
            Mono<Void> outbound = session.send(connection.frames().map(session::textMessage));
            Mono<Void> inbound = session.receive()
                    .map(WebSocketMessage::getPayloadAsText)
                    .concatMap(text -> act(connection, visitor, text)
                            .onErrorResume(failure -> {
                                log.debug("A live action failed: {}", failure.toString());
                                connection.send(hub.frame("error", Map.of("detail", failure.getMessage() == null ? "failed" : failure.getMessage())));
                                return Mono.empty();
                            }))
                    .then();
            return Mono.firstWithSignal(inbound, outbound).doFinally(signal -> hub.close(connection));
        }

        private Mono<Void> act(LiveConnection connection, Visitor visitor, String text) {
            JsonNode action = json.readTree(text);
            return switch (action.path("action").asString("")) {
                case "ping" -> {
                    connection.send(hub.frame("pong", null));
                    yield Mono.empty();
                }
                case "resume" -> resume(connection, visitor, action.path("conversation_id").asString(""), action.path("after").asLong(0));
                case "typing" -> typing(connection, visitor, action.path("conversation_id").asString(""), action.path("typing").asBoolean(false));
                default -> {
                    connection.send(hub.frame("error", Map.of("detail", "unknown action; resume, typing or ping")));
                    yield Mono.empty();
                }
            };
        }

        /** Every message after {@code after}, in order, a page at a time, in the connection's view; the live ones follow as they come. */
        private Mono<Void> resume(LiveConnection connection, Visitor visitor, String conversationId, long after) {
            return conversation(connection, visitor, conversationId).flatMap(conversation -> page(connection, conversation, after));
        }

        private Mono<Void> page(LiveConnection connection, ConversationState conversation, long after) {
            return messages.after(conversation.organizationId(), conversation.conversationId(), after, MessagePage.MAX_LIMIT, connection.isAgent())
                    .collectList()
                    .flatMap(found -> {
                        List<MessageView> sent = found.stream().limit(MessagePage.MAX_LIMIT).toList();
                        Mono<? extends List<?>> shown = connection.isAgent() ? Mono.just(sent) : views.of(conversation.organizationId(), sent);
                        return shown.flatMap(frames -> {
                            frames.forEach(message -> connection.send(hub.frame("message.created", message)));
                            return found.size() > MessagePage.MAX_LIMIT
                                    ? page(connection, conversation, sent.get(sent.size() - 1).seq()) : Mono.<Void>empty();
                        });
                    });
        }

        /** Passed to every replica through the conversation topic; typing is never stored. An agent types by the name the visitor knows. */
        private Mono<Void> typing(LiveConnection connection, Visitor visitor, String conversationId, boolean typing) {
            return conversation(connection, visitor, conversationId).flatMap(conversation -> sender(connection, visitor).flatMap(sender -> {
                TypingChanged event = new TypingChanged(conversationId, sender, typing, conversation.visitorId(), conversation.visitorIdentity());
                return publisher.publish(Topics.CONVERSATION, EventEnvelope.key(conversation.organizationId(), conversationId),
                        EventEnvelope.of(UUID.randomUUID(), conversation.organizationId(), Instant.now(), event));
            }));
        }

        private Mono<MessageView.Sender> sender(LiveConnection connection, Visitor visitor) {
            return connection.isAgent()
                    ? names.of(connection.organizationId(), connection.agentEmail())
                    .map(name -> new MessageView.Sender(MessageView.AGENT, connection.agentEmail(), name))
                    : Mono.just(new MessageView.Sender(MessageView.VISITOR, null, visitor.name()));
        }

        private Mono<ConversationState> conversation(LiveConnection connection, Visitor visitor, String conversationId) {
            return connection.isAgent() ? conversations.find(connection.organizationId(), conversationId)
                    : conversations.visibleTo(visitor, conversationId);
        }

        /** The organization the gateway's token names; the service's filter checked it before the upgrade. */
        private OrgContext contextOf(WebSocketSession session) {
            String token = session.getHandshakeInfo().getHeaders().getFirst(InternalToken.HEADER);
            return token == null ? null : tokens.verify(token).orElse(null);
        }
    }
}
