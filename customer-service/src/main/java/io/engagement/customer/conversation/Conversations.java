package io.engagement.customer.conversation;

import io.engagement.customer.bot.BotReplies;
import io.engagement.customer.widget.OfflineNotice;
import io.engagement.platform.auth.Secrets;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.page.PageEnvelope;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What visitors, agents and the bot do in conversations. A message is stored first (taking the
 * conversation's next seq), then the conversation is changed to follow it; each write publishes
 * its own event. Who may see a conversation is decided here: a visitor its own and its verified
 * identity's, an agent (data key) every conversation of the organization.
 */
@Component
class Conversations {

    static final String EMAIL_REQUEST = "Leave your e-mail address and we will answer you there as soon as we are back.";
    /** How many conversations a message search brings to the list at most: a search is to find, not to export. */
    static final int SEARCHED_CONVERSATIONS = 1_000;
    static final String HANDOFF_NOTICE = "Thanks! A person from our team will follow up here shortly.";
    /** While support is closed a handoff promises what the offline notice allows: an answer when the team is back. */
    static final String HANDOFF_WHILE_CLOSED = "Thanks! A person from our team will answer here as soon as we are back.";

    private final ConversationStore conversations;
    private final MessageStore messages;
    private final BotReplies bot;
    private final OfflineNotice offline;
    private final WhatsAppSends whatsApp;
    private final ConversationLanes lanes;
    private final AgentNames agentNames;

    Conversations(ConversationStore conversations, MessageStore messages, BotReplies bot, OfflineNotice offline, WhatsAppSends whatsApp,
                  ConversationLanes lanes, AgentNames agentNames) {
        this.conversations = conversations;
        this.messages = messages;
        this.bot = bot;
        this.offline = offline;
        this.whatsApp = whatsApp;
        this.lanes = lanes;
        this.agentNames = agentNames;
    }

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    // ---- the visitor's side ----

    /**
     * A new conversation with the visitor's first message: pending while the bot can answer, else
     * open. Started while support is closed, it is told so, and asked for an e-mail when the visitor
     * gave none, so the answer can reach them later. With a {@code client_id}, the conversation's id
     * comes from it: a retry after a lost answer finds the conversation the first try started (its
     * insert is the one write that decides), and the message, posted with the same id, is stored once.
     */
    Mono<Started> start(Visitor visitor, NewConversation request) {
        if (request.clientId() == null) {
            return startNew(visitor, request, "cnv_" + IdSequences.publicId());
        }
        String conversationId = "cnv_w" + Secrets.sha256("widget:" + visitor.organizationId() + ":" + visitor.visitorId() + ":"
                + request.clientId()).substring(0, 24);
        return conversations.find(visitor.organizationId(), conversationId)
                .flatMap(started -> startedBefore(visitor, request, started))
                .switchIfEmpty(Mono.defer(() -> startNew(visitor, request, conversationId)))
                .onErrorResume(DuplicateKeyException.class, raced -> conversations.find(visitor.organizationId(), conversationId)
                        .flatMap(started -> startedBefore(visitor, request, started)));
    }

    private Mono<Started> startNew(Visitor visitor, NewConversation request, String conversationId) {
        Instant at = now();
        return bot.hasKnowledge(visitor.organizationId()).flatMap(botAnswers -> {
            ConversationState conversation = ConversationState.started(conversationId, visitor, ConversationView.WIDGET,
                    botAnswers ? ConversationView.PENDING : ConversationView.OPEN,
                    request.sessionId() != null ? request.sessionId() : visitor.sessionId(), at);
            return conversations.insert(conversation)
                    .then(post(conversation, MessageDraft.of(visitorSender(visitor), request.message(), false, request.clientId(), at)))
                    .flatMap(posted -> offlineNotice(visitor, posted.conversation(), at))
                    .flatMap(latest -> visibleMessages(latest).map(thread -> new Started(latest, thread, true)));
        });
    }

    /** The conversation an earlier try with the same {@code client_id} started, its first message there once. */
    private Mono<Started> startedBefore(Visitor visitor, NewConversation request, ConversationState started) {
        return post(started, MessageDraft.of(visitorSender(visitor), request.message(), false, request.clientId(), now()))
                .flatMap(posted -> visibleMessages(posted.conversation()).map(thread -> new Started(posted.conversation(), thread, false)));
    }

    /**
     * The conversation after its offline notice, if support is closed: one system message, which asks
     * for an e-mail when the visitor gave none (a WhatsApp user is answered where they wrote).
     */
    private Mono<ConversationState> offlineNotice(Visitor visitor, ConversationState conversation, Instant at) {
        return offline.at(visitor.organizationId(), at).flatMap(notice -> {
            if (notice.isEmpty()) {
                return Mono.just(conversation);
            }
            boolean reachable = visitor.email() != null || ConversationView.WHATSAPP.equals(conversation.channel());
            List<String> told = Stream.of(notice.get(), reachable ? "" : EMAIL_REQUEST).filter(part -> !part.isBlank()).toList();
            if (told.isEmpty()) {
                return Mono.just(conversation);
            }
            MessageView.Sender system = new MessageView.Sender(MessageView.SYSTEM, null, null);
            return post(conversation, MessageDraft.ours(system, String.join("\n\n", told), "offline", now())).map(Posted::conversation);
        });
    }

    Flux<ConversationState> listOf(Visitor visitor) {
        return conversations.ofVisitor(visitor);
    }

    Mono<ConversationState> visibleTo(Visitor visitor, String conversationId) {
        return conversations.find(visitor.organizationId(), conversationId)
                .filter(conversation -> conversation.visitorId().equals(visitor.visitorId())
                        || visitor.verifiedIdentity() != null && visitor.verifiedIdentity().equals(conversation.visitorIdentity()))
                .switchIfEmpty(Mono.error(Conversations::notFound));
    }

    /** The visitor's message; the same {@code client_id} again answers the first and writes nothing. */
    Mono<Posted> postFromVisitor(Visitor visitor, String conversationId, NewMessage request) {
        return visibleTo(visitor, conversationId).flatMap(conversation -> post(conversation,
                MessageDraft.of(visitorSender(visitor), request.content(), false, request.clientId(), now())));
    }

    Mono<Void> readByVisitor(Visitor visitor, String conversationId, long seq) {
        return visibleTo(visitor, conversationId)
                .flatMap(conversation -> change(conversation, current -> Optional.of(current.readByVisitor(seq))
                        .filter(read -> read.reading().visitorLastReadSeq() != current.reading().visitorLastReadSeq())))
                .then();
    }

    /** The visitor asks for a person: a system message says one will follow, and the bot is silent from now on. */
    Mono<ConversationState> handOff(Visitor visitor, String conversationId) {
        return visibleTo(visitor, conversationId).flatMap(conversation -> handOff(conversation, "handoff"));
    }

    /** Rates a resolved conversation; a second rating replaces the first. */
    Mono<ConversationState> rate(Visitor visitor, String conversationId, Rating rating) {
        return visibleTo(visitor, conversationId).flatMap(conversation -> {
            if (!conversation.isResolved()) {
                return Mono.error(ApiException.conflict("Only a resolved conversation can be rated"));
            }
            return change(conversation, current -> current.isResolved()
                    ? Optional.of(current.rated(rating.rating(), rating.comment()))
                    : Optional.empty());
        });
    }

    /**
     * A WhatsApp user's text, into the one conversation of that sender, which their first text starts
     * (pending while the bot can answer, else open, told when support is closed). The text's
     * WhatsApp id is its key: a webhook delivered again stores nothing new.
     */
    Mono<Posted> receiveWhatsApp(Visitor visitor, String whatsAppMessageId, String text) {
        long organizationId = visitor.organizationId();
        String conversationId = "cnv_wa" + Secrets.sha256("whatsapp:" + organizationId + ":" + visitor.whatsappNumber()).substring(0, 24);
        MessageDraft draft = MessageDraft.fromWhatsApp(visitorSender(visitor), text, whatsAppMessageId, now());
        return conversations.find(organizationId, conversationId)
                .switchIfEmpty(Mono.defer(() -> startWhatsApp(visitor, conversationId, draft.createdAt())))
                .flatMap(conversation -> post(conversation, draft).flatMap(posted -> conversation.lastSeq() > 0 ? Mono.just(posted)
                        : offlineNotice(visitor, posted.conversation(), draft.createdAt()).thenReturn(posted)));
    }

    /** The sender's conversation, new; or the one another delivery of their first text started a moment ago. */
    private Mono<ConversationState> startWhatsApp(Visitor visitor, String conversationId, Instant at) {
        return bot.hasKnowledge(visitor.organizationId()).flatMap(botAnswers -> {
            ConversationState conversation = ConversationState.started(conversationId, visitor, ConversationView.WHATSAPP,
                    botAnswers ? ConversationView.PENDING : ConversationView.OPEN, null, at);
            return conversations.insert(conversation)
                    .onErrorResume(DuplicateKeyException.class, raced -> conversations.find(visitor.organizationId(), conversationId));
        });
    }

    // ---- the agents' side ----

    /** With {@code q}, the conversations whose messages mention it are found first, at most {@value #SEARCHED_CONVERSATIONS}. */
    Mono<PageEnvelope<ConversationView>> page(long organizationId, ConversationQuery query) {
        Mono<List<String>> mentioning = query.q().isPresent()
                ? messages.conversationsMentioning(organizationId, query.q().get(), SEARCHED_CONVERSATIONS) : Mono.just(List.of());
        return mentioning.flatMap(ids -> conversations.page(organizationId, query, ids)).map(page -> page.map(ConversationState::view));
    }

    Mono<ConversationState> find(long organizationId, String conversationId) {
        return conversations.find(organizationId, conversationId).switchIfEmpty(Mono.error(Conversations::notFound));
    }

    /** The agent's message, signed with the name the visitor knows them by. */
    Mono<Posted> postFromAgent(long organizationId, String conversationId, AgentMessage request, AgentAuthor author) {
        return find(organizationId, conversationId).flatMap(conversation -> agentNames.of(organizationId, author.email())
                .flatMap(name -> post(conversation, MessageDraft.of(author.sender(name),
                        request.content(), request.isPrivate(), request.clientId(), now()))));
    }

    Mono<Void> readByAgent(long organizationId, String conversationId, long seq) {
        return change(organizationId, conversationId, current -> Optional.of(current.readByAgent(seq))
                        .filter(read -> read.reading().agentLastReadSeq() != current.reading().agentLastReadSeq()))
                .then();
    }

    Mono<ConversationView> changeByAgent(long organizationId, String conversationId, ConversationChange request) {
        Mono<Optional<String>> assigneeName = request.assigneeGiven() && request.assigneeEmail() != null
                ? agentNames.of(organizationId, request.assigneeEmail()).map(Optional::of) : Mono.just(Optional.empty());
        return assigneeName.flatMap(name -> change(organizationId, conversationId, current -> Optional.of(
                current.changed(request.status().orElse(current.status()),
                        request.assigneeGiven() ? request.assigneeEmail() : current.assigneeEmail(),
                        request.assigneeGiven() ? name.orElse(null) : current.assigneeName(),
                        request.tags().orElse(current.tags()),
                        request.snoozedUntil().orElse(current.snoozedUntil())))))
                .map(ConversationState::view);
    }

    // ---- the bot's side ----

    /**
     * The bot's answer to a visitor's message while the conversation is pending and no person took
     * over; below its threshold, a handoff. Keyed by the visitor's message, so an answer computed
     * twice (a redelivered event) is stored once.
     */
    Mono<Void> answer(long organizationId, MessageView visitorMessage) {
        // most organizations have no bot knowledge: their messages cost no read of the conversation
        return bot.hasKnowledge(organizationId).filter(answers -> answers)
                .flatMap(answers -> conversations.find(organizationId, visitorMessage.conversationId()))
                .filter(conversation -> conversation.isPending() && !conversation.botSilenced())
                .flatMap(conversation -> bot.reply(organizationId, visitorMessage.content())
                        .flatMap(reply -> reply.isPresent()
                                ? post(conversation, botMessage(reply.get(), "bot:" + visitorMessage.messageId())).then()
                                : handOff(conversation, "handoff").then()));
    }

    // ---- shared ----

    /** Posts the message in the conversation's lane: sent out first where it goes to WhatsApp, then stored. */
    private Mono<Posted> post(ConversationState known, MessageDraft draft) {
        return lanes.inTurn(known, conversation -> postNow(conversation, draft), Posted::conversation);
    }

    private Mono<Posted> postNow(ConversationState conversation, MessageDraft draft) {
        if (ConversationView.WHATSAPP.equals(conversation.channel()) && draft.isOutgoing()) {
            return sentBefore(conversation, draft).switchIfEmpty(Mono.defer(() -> whatsApp.deliver(conversation, draft)
                    .flatMap(delivery -> store(conversation, draft.delivered(delivery)))));
        }
        return store(conversation, draft);
    }

    private Mono<Posted> sentBefore(ConversationState conversation, MessageDraft draft) {
        return messages.sentBefore(conversation.organizationId(), conversation, draft).map(earlier -> new Posted(earlier, conversation, false));
    }

    /**
     * Stores the message with the conversation's next seq, then changes the conversation (as the
     * caller read it) to follow it. A message sent before with the same client id is answered as it
     * was, and changes nothing.
     */
    private Mono<Posted> store(ConversationState conversation, MessageDraft draft) {
        long organizationId = conversation.organizationId();
        return messages.append(organizationId, conversation, draft).flatMap(appended -> {
            if (!appended.stored()) {
                return Mono.just(new Posted(appended.message(), conversation, false));
            }
            MessageView message = appended.message();
            // whether the bot may answer only matters to a visitor's message (reopening a resolved conversation)
            Mono<Boolean> botAnswers = message.fromVisitor() ? bot.hasKnowledge(organizationId) : Mono.just(false);
            return botAnswers.flatMap(answers -> change(conversation, current -> Optional.of(after(current, message, answers))))
                    .map(changed -> new Posted(message, changed, true));
        });
    }

    private static ConversationState after(ConversationState conversation, MessageView message, boolean botAnswers) {
        if (message.fromVisitor()) {
            return conversation.afterVisitorMessage(message.seq(), message.createdAt(), botAnswers);
        }
        if (message.isPrivate()) {
            return conversation.afterNote(message.seq(), message.createdAt());
        }
        if (MessageView.AGENT.equals(message.sender().type())) {
            return conversation.afterAgentReply(message.seq(), message.createdAt(), message.sender().email(), message.sender().name());
        }
        return conversation.afterOurMessage(message.seq(), message.createdAt());
    }

    /** A conversation is handed off once: {@code key} names the one system message that says so. */
    private Mono<ConversationState> handOff(ConversationState conversation, String key) {
        if (conversation.botSilenced()) {
            return Mono.just(conversation);
        }
        return offline.at(conversation.organizationId(), now())
                .map(closed -> MessageDraft.ours(new MessageView.Sender(MessageView.SYSTEM, null, null),
                        closed.isPresent() ? HANDOFF_WHILE_CLOSED : HANDOFF_NOTICE, key, now()))
                .flatMap(notice -> post(conversation, notice))
                .flatMap(posted -> change(posted.conversation(), current -> current.botSilenced() ? Optional.empty() : Optional.of(current.handedOff())));
    }

    private Mono<ConversationState> change(long organizationId, String conversationId,
                                           Function<ConversationState, Optional<ConversationState>> change) {
        return orNotFound(conversations.update(organizationId, conversationId, change));
    }

    /** A change of the conversation as the caller read it; read again only if someone wrote since. */
    private Mono<ConversationState> change(ConversationState known, Function<ConversationState, Optional<ConversationState>> change) {
        return orNotFound(conversations.update(known, change));
    }

    private Mono<ConversationState> orNotFound(Mono<ConversationStore.Written> update) {
        return update
                .switchIfEmpty(Mono.error(Conversations::notFound))
                .map(ConversationStore.Written::conversation);
    }

    private Mono<List<MessageView>> visibleMessages(ConversationState conversation) {
        return messages.after(conversation.organizationId(), conversation.conversationId(), 0, MessagePage.MAX_LIMIT, false)
                .take(MessagePage.MAX_LIMIT).collectList();
    }

    private static MessageDraft botMessage(BotReplies.Reply reply, String key) {
        List<MessageView.Source> sources = new ArrayList<>();
        reply.sources().forEach(source -> sources.add(new MessageView.Source(source.sourceId(), source.name(), source.excerpt())));
        return new MessageDraft(new MessageView.Sender(MessageView.BOT, null, null), reply.answer(), false, null, key, now(), sources,
                reply.confidence(), null);
    }

    private static MessageView.Sender visitorSender(Visitor visitor) {
        return new MessageView.Sender(MessageView.VISITOR, null, visitor.name());
    }

    static ApiException notFound() {
        return ApiException.notFound("Conversation");
    }

    /** A message as answered: stored now, or found from an earlier send of the same client id. */
    record Posted(MessageView message, ConversationState conversation, boolean stored) {
    }

    /** A conversation the visitor started, with what it holds; {@code created} false when an earlier try had started it. */
    record Started(ConversationState conversation, List<MessageView> messages, boolean created) {
    }
}
