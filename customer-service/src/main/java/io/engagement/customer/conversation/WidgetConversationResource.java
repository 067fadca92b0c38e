package io.engagement.customer.conversation;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.VisitorConversationView;
import io.engagement.platform.event.VisitorMessageView;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * {@code /widget/v1/conversations}: a visitor's conversations, with the public key and the visitor
 * token. Another visitor's conversation, or another organization's, is answered 404 as a missing one.
 * Every answer is the visitor's view ({@link VisitorConversationView}, {@link VisitorMessageView}):
 * nothing of the agents' side reaches a visitor.
 */
@RestController
@RequestMapping("/widget/v1/conversations")
class WidgetConversationResource {

    private final Visitors visitors;
    private final Conversations conversations;
    private final MessageStore messages;
    private final VisitorViews views;
    private final JsonBodyReader bodies;

    WidgetConversationResource(Visitors visitors, Conversations conversations, MessageStore messages, VisitorViews views,
                               JsonBodyReader bodies) {
        this.visitors = visitors;
        this.conversations = conversations;
        this.messages = messages;
        this.views = views;
        this.bodies = bodies;
    }

    /** 201 with the conversation; 200 with the same one when its {@code client_id} started it before. */
    @PostMapping
    Mono<ResponseEntity<StartedConversation>> start(ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> bodies.read(exchange, NewConversation.SCHEMA, NewConversation.class)
                        .flatMap(request -> conversations.start(visitor, request)))
                .flatMap(started -> views.of(started.conversation().organizationId(), started.messages())
                        .map(thread -> ResponseEntity.status(started.created() ? HttpStatus.CREATED : HttpStatus.OK)
                                .body(new StartedConversation(started.conversation().visitorView(), thread))));
    }

    @GetMapping
    Mono<VisitorConversations> list(ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> conversations.listOf(visitor).map(ConversationState::visitorView).collectList())
                .map(VisitorConversations::new);
    }

    @GetMapping("/{conversation_id}")
    Mono<VisitorConversationView> get(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> conversations.visibleTo(visitor, conversationId)).map(ConversationState::visitorView);
    }

    /** Never a private note. */
    @GetMapping("/{conversation_id}/messages")
    @Parameter(in = ParameterIn.QUERY, name = "after", description = "Only messages with a greater seq",
            schema = @Schema(type = "integer", minimum = "0", defaultValue = "0"))
    @Parameter(in = ParameterIn.QUERY, name = "limit",
            schema = @Schema(type = "integer", minimum = "1", maximum = "200", defaultValue = "50"))
    Mono<MessagePage<VisitorMessageView>> messages(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        MessagePage.Request page = MessagePage.Request.from(ParamReader.query(exchange));
        return visitor(exchange).flatMap(visitor -> conversations.visibleTo(visitor, conversationId))
                .flatMap(conversation -> messages.after(conversation.organizationId(), conversationId, page.after(), page.limit(), false)
                        .collectList()
                        .flatMap(found -> views.of(conversation.organizationId(), found)))
                .map(found -> MessagePage.of(found, page.limit()));
    }

    /** 201 with the message; 200 with the first one when its {@code client_id} was sent before. */
    @PostMapping("/{conversation_id}/messages")
    Mono<ResponseEntity<VisitorMessageView>> post(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> bodies.read(exchange, NewMessage.SCHEMA, NewMessage.class)
                        .flatMap(request -> conversations.postFromVisitor(visitor, conversationId, request)))
                .map(posted -> ResponseEntity.status(posted.stored() ? HttpStatus.CREATED : HttpStatus.OK)
                        .body(VisitorMessageView.of(posted.message(), null)));
    }

    @PostMapping("/{conversation_id}/read")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> read(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> bodies.read(exchange, ReadMark.SCHEMA, ReadMark.class)
                .flatMap(mark -> conversations.readByVisitor(visitor, conversationId, mark.seq())));
    }

    @PostMapping("/{conversation_id}/handoff")
    Mono<VisitorConversationView> handOff(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> conversations.handOff(visitor, conversationId)).map(ConversationState::visitorView);
    }

    @PostMapping("/{conversation_id}/rating")
    Mono<VisitorConversationView> rate(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> bodies.read(exchange, Rating.SCHEMA, Rating.class)
                .flatMap(rating -> conversations.rate(visitor, conversationId, rating))).map(ConversationState::visitorView);
    }

    private Mono<Visitor> visitor(ServerWebExchange exchange) {
        return visitors.of(OrgContext.of(exchange).organizationId(), exchange.getRequest());
    }

    /** The new conversation with its thread so far. */
    record StartedConversation(@JsonUnwrapped VisitorConversationView conversation, List<VisitorMessageView> messages) {
    }

    record VisitorConversations(List<VisitorConversationView> data) {
    }
}
