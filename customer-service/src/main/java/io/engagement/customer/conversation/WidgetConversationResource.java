package io.engagement.customer.conversation;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
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
 */
@RestController
@RequestMapping("/widget/v1/conversations")
class WidgetConversationResource {

    private final Visitors visitors;
    private final Conversations conversations;
    private final MessageStore messages;
    private final JsonBodyReader bodies;

    WidgetConversationResource(Visitors visitors, Conversations conversations, MessageStore messages, JsonBodyReader bodies) {
        this.visitors = visitors;
        this.conversations = conversations;
        this.messages = messages;
        this.bodies = bodies;
    }

    /** 201 with the conversation; 200 with the same one when its {@code client_id} started it before. */
    @PostMapping
    Mono<ResponseEntity<StartedConversation>> start(ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> bodies.read(exchange, NewConversation.SCHEMA, NewConversation.class)
                        .flatMap(request -> conversations.start(visitor, request)))
                .map(started -> ResponseEntity.status(started.created() ? HttpStatus.CREATED : HttpStatus.OK)
                        .body(new StartedConversation(started.conversation(), started.messages())));
    }

    @GetMapping
    Mono<VisitorConversations> list(ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> conversations.listOf(visitor).collectList()).map(VisitorConversations::new);
    }

    @GetMapping("/{conversation_id}")
    Mono<ConversationView> get(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> conversations.visibleTo(visitor, conversationId)).map(ConversationState::view);
    }

    /** Never a private note. */
    @GetMapping("/{conversation_id}/messages")
    Mono<MessagePage> messages(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        MessagePage.Request page = MessagePage.Request.from(ParamReader.query(exchange));
        return visitor(exchange).flatMap(visitor -> conversations.visibleTo(visitor, conversationId))
                .flatMap(conversation -> messages.after(conversation.organizationId(), conversationId, page.after(), page.limit(), false)
                        .collectList())
                .map(found -> MessagePage.of(found, page.limit()));
    }

    /** 201 with the message; 200 with the first one when its {@code client_id} was sent before. */
    @PostMapping("/{conversation_id}/messages")
    Mono<ResponseEntity<MessageView>> post(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> bodies.read(exchange, NewMessage.SCHEMA, NewMessage.class)
                        .flatMap(request -> conversations.postFromVisitor(visitor, conversationId, request)))
                .map(posted -> ResponseEntity.status(posted.stored() ? HttpStatus.CREATED : HttpStatus.OK).body(posted.message()));
    }

    @PostMapping("/{conversation_id}/read")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> read(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> bodies.read(exchange, ReadMark.SCHEMA, ReadMark.class)
                .flatMap(mark -> conversations.readByVisitor(visitor, conversationId, mark.seq())));
    }

    @PostMapping("/{conversation_id}/handoff")
    Mono<ConversationView> handOff(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> conversations.handOff(visitor, conversationId));
    }

    @PostMapping("/{conversation_id}/rating")
    Mono<ConversationView> rate(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        return visitor(exchange).flatMap(visitor -> bodies.read(exchange, Rating.SCHEMA, Rating.class)
                .flatMap(rating -> conversations.rate(visitor, conversationId, rating)));
    }

    private Mono<Visitor> visitor(ServerWebExchange exchange) {
        return visitors.of(OrgContext.of(exchange).organizationId(), exchange.getRequest());
    }

    /** The new conversation with its thread so far. */
    record StartedConversation(@JsonUnwrapped ConversationView conversation, List<MessageView> messages) {
    }

    record VisitorConversations(List<ConversationView> data) {
    }
}
