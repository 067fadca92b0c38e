package io.engagement.customer.conversation;

import io.engagement.customer.ticket.TicketTags;
import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.validation.CheckedBody;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ParamReader;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code /external/v1/conversations}: the agents' inbox, with the data key. */
@RestController
@RequestMapping("/external/v1/conversations")
class AgentConversationResource {

    private final Conversations conversations;
    private final MessageStore messages;
    private final SessionContexts contexts;
    private final TicketTags tags;
    private final JsonBodyReader bodies;
    private final AuditTrail audit;

    AgentConversationResource(Conversations conversations, MessageStore messages, SessionContexts contexts, TicketTags tags,
                              JsonBodyReader bodies, AuditTrail audit) {
        this.audit = audit;
        this.conversations = conversations;
        this.messages = messages;
        this.contexts = contexts;
        this.tags = tags;
        this.bodies = bodies;
    }

    @GetMapping
    @Parameter(in = ParameterIn.QUERY, name = "status", schema = @Schema(allowableValues = {"pending", "open", "snoozed", "resolved"}))
    @Parameter(in = ParameterIn.QUERY, name = "assignee_email", schema = @Schema(type = "string", format = "email"))
    @Parameter(in = ParameterIn.QUERY, name = "unassigned", schema = @Schema(type = "boolean"))
    @Parameter(in = ParameterIn.QUERY, name = "channel", schema = @Schema(allowableValues = {"widget", "whatsapp"}))
    @Parameter(in = ParameterIn.QUERY, name = "customer_id", schema = @Schema(type = "string"))
    @Parameter(in = ParameterIn.QUERY, name = "q", description = "Case-insensitive match in message content (private notes included), "
            + "the visitor's name, e-mail and WhatsApp number", schema = @Schema(type = "string"))
    @Parameter(in = ParameterIn.QUERY, name = "page", schema = @Schema(type = "integer", minimum = "1", defaultValue = "1"))
    @Parameter(in = ParameterIn.QUERY, name = "page_size",
            schema = @Schema(type = "integer", minimum = "1", maximum = "100", defaultValue = "20"))
    Mono<PageEnvelope<ConversationView>> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.ofDataKey(exchange).organizationId();
        return conversations.page(organizationId, ConversationQuery.from(ParamReader.query(exchange)));
    }

    /** The conversation with what its session tells about the visitor: the session's intelligence, recent pages and errors. */
    @GetMapping("/{conversation_id}")
    Mono<ConversationDetail> get(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        long organizationId = OrgContext.ofDataKey(exchange).organizationId();
        return conversations.find(organizationId, conversationId)
                .flatMap(conversation -> contexts.of(organizationId, conversation.sessionId())
                        .map(context -> new ConversationDetail(conversation.view(), context)));
    }

    /** Private notes included. */
    @GetMapping("/{conversation_id}/messages")
    @Parameter(in = ParameterIn.QUERY, name = "after", description = "Only messages with a greater seq",
            schema = @Schema(type = "integer", minimum = "0", defaultValue = "0"))
    @Parameter(in = ParameterIn.QUERY, name = "limit",
            schema = @Schema(type = "integer", minimum = "1", maximum = "200", defaultValue = "50"))
    Mono<MessagePage<MessageView>> messages(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        long organizationId = OrgContext.ofDataKey(exchange).organizationId();
        MessagePage.Request page = MessagePage.Request.from(ParamReader.query(exchange));
        return conversations.find(organizationId, conversationId)
                .flatMap(conversation -> messages.after(organizationId, conversationId, page.after(), page.limit(), true).collectList())
                .map(found -> MessagePage.of(found, page.limit()));
    }

    /** 201 with the message; 200 with the first one when its {@code client_id} was sent before. */
    @PostMapping("/{conversation_id}/messages")
    Mono<ResponseEntity<MessageView>> reply(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        OrgContext context = OrgContext.ofDataKey(exchange);
        return bodies.read(exchange, AgentMessage.schemaFor(context), AgentMessage.class)
                .flatMap(request -> conversations.postFromAgent(context.organizationId(), conversationId, request,
                        AgentAuthor.of(context, request.agentEmail())))
                .map(posted -> ResponseEntity.status(posted.stored() ? HttpStatus.CREATED : HttpStatus.OK).body(posted.message()));
    }

    /** Tags that are not ticketing tags are reported with the body's own faults, in one answer. */
    @PatchMapping("/{conversation_id}")
    Mono<ConversationView> change(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        OrgContext context = OrgContext.ofDataKey(exchange);
        long organizationId = context.organizationId();
        return bodies.readTree(exchange).map(body -> bodies.check(body, ConversationChange.SCHEMA))
                .flatMap(body -> spelled(organizationId, body)
                        .flatMap(change -> conversations.changeByAgent(organizationId, conversationId, change)
                                .flatMap(view -> change.assigneeGiven() && change.assigneeEmail() != null
                                        ? audit.record(exchange, context, Assignment.ASSIGNED, new AuditRecorded.Target("conversation", conversationId),
                                        Map.of("assignee_email", change.assigneeEmail())).thenReturn(view)
                                        : Mono.just(view))));
    }

    @PostMapping("/{conversation_id}/read")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> read(@PathVariable("conversation_id") String conversationId, ServerWebExchange exchange) {
        long organizationId = OrgContext.ofDataKey(exchange).organizationId();
        return bodies.read(exchange, ReadMark.SCHEMA, ReadMark.class)
                .flatMap(mark -> conversations.readByAgent(organizationId, conversationId, mark.seq()));
    }

    private Mono<ConversationChange> spelled(long organizationId, CheckedBody body) {
        List<ErrorDetail> faults = new ArrayList<>();
        return tags.spelled(organizationId, ConversationChange.tagsOf(body.acceptedFields()), Loc.body().field("tags"), faults)
                .map(spelledTags -> body.withFaults(faults).bind(accepted -> ConversationChange.of(accepted, spelledTags)));
    }
}
