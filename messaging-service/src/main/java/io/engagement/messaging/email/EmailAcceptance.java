package io.engagement.messaging.email;

import io.engagement.messaging.MessagingProperties;
import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.messaging.template.EmailTemplate;
import io.engagement.messaging.template.TemplateStore;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.NullNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Takes validated emails in: fills them, records them as queued and puts them on the durable
 * queue. Answers only once the broker has every one of them (acks=all); a batch is accepted
 * whole or not at all.
 */
@Component
public class EmailAcceptance {

    private static final Logger log = LoggerFactory.getLogger(EmailAcceptance.class);

    private final TemplateStore templates;
    private final MessageLedger ledger;
    private final EventPublisher publisher;
    private final ObjectMapper json;
    private final MessagingProperties.Email defaults;

    EmailAcceptance(TemplateStore templates, MessageLedgers ledgers, EventPublisher publisher, ObjectMapper json,
                    MessagingProperties properties) {
        this.templates = templates;
        this.ledger = ledgers.email();
        this.publisher = publisher;
        this.json = json;
        this.defaults = properties.email();
    }

    /** {@code messages}: each validated message with where it sits in the body. */
    Mono<List<Accepted>> accept(long org, List<Located> messages) {
        return templatesOf(org, messages)
                .map(found -> compose(messages, found))
                .flatMap(jobs -> queue(org, jobs).thenReturn(jobs));
    }

    /** One e-mail the suite sends of its own accord, such as a reminder; answers its message id. */
    public Mono<String> acceptOne(long org, EmailRequest request) {
        return accept(org, List.of(new Located(request, NullNode.getInstance(), Loc.body()))).map(accepted -> accepted.get(0).messageId());
    }

    /**
     * One e-mail another service asked for, under a message id derived from the request, its parts
     * sent as they are (no placeholders are filled): queued once however often it is asked for
     * ({@link MessageLedger#queueOnce}). A database or queue that is away fails it, and the message
     * stays queued for the request to be read again, instead of being marked not queued.
     */
    Mono<Void> acceptOnce(long org, String messageId, EmailRequest request) {
        EmailRequested job = job(messageId, request, new ComposedEmail(request.subject(), request.htmlContent(), request.textContent()));
        return ledger.queueOnce(org, messageId, shownInStatus(request, job))
                .filter(toBeQueued -> toBeQueued)
                .flatMap(toBeQueued -> put(org, job));
    }

    private Mono<Map<String, EmailTemplate>> templatesOf(long org, List<Located> messages) {
        Set<String> uids = messages.stream().map(m -> m.request().templateUid()).filter(Objects::nonNull)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        return Flux.fromIterable(uids).flatMap(uid -> templates.find(org, uid))
                .collectMap(EmailTemplate::uid, Function.identity());
    }

    private List<Accepted> compose(List<Located> messages, Map<String, EmailTemplate> found) {
        List<ErrorDetail> errors = new ArrayList<>();
        List<Accepted> accepted = new ArrayList<>(messages.size());
        for (Located message : messages) {
            EmailRequest request = message.request();
            EmailTemplate template = request.templateUid() == null ? null : found.get(request.templateUid());
            if (request.templateUid() != null && template == null) {
                errors.add(Violations.valueError(message.loc().field("template_uid"), request.templateUid(),
                        "no template with uid '" + request.templateUid() + "'"));
                continue;
            }
            ComposedEmail email = EmailComposer.compose(request, template, message.loc(), errors);
            if (email != null) {
                String id = UUID.randomUUID().toString();
                accepted.add(new Accepted(id, message, job(id, request, email)));
            }
        }
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
        return accepted;
    }

    private Mono<Void> queue(long org, List<Accepted> accepted) {
        List<String> ids = accepted.stream().map(Accepted::messageId).toList();
        List<Map<String, Object>> shown = accepted.stream().map(one -> shownInStatus(one.message().request(), one.job())).toList();
        return ledger.queue(org, ids, shown)
                .then(Flux.fromIterable(accepted).flatMap(one -> put(org, one.job()), 256).then())
                .onErrorResume(failure -> {
                    log.error("Could not queue {} email(s): {}", ids.size(), failure.toString());
                    return ledger.notQueued(ids, "not queued: " + failure.getMessage())
                            .onErrorResume(ignored -> Mono.empty())
                            .then(Mono.error(ApiException.unavailable("The message queue is unavailable; nothing was sent")));
                });
    }

    /** Puts the job on the queue; completes once the broker has it. */
    private Mono<Void> put(long org, EmailRequested job) {
        return publisher.publish(Topics.MESSAGE, EventEnvelope.key(org, job.messageId()),
                new EventEnvelope<>(UUID.randomUUID(), EmailRequested.TYPE, 1, org, Instant.now(), json.valueToTree(job)));
    }

    private EmailRequested job(String id, EmailRequest request, ComposedEmail email) {
        return new EmailRequested(id,
                new EmailRequested.Party(request.fromEmail() == null ? defaults.defaultFrom() : request.fromEmail(),
                        request.fromEmail() == null && request.fromName() == null ? defaults.defaultFromName() : request.fromName()),
                new EmailRequested.Party(request.toEmail(), request.toName()),
                request.cc().stream().map(address -> new EmailRequested.Party(address, null)).toList(),
                request.bcc().stream().map(address -> new EmailRequested.Party(address, null)).toList(),
                request.replyTo() == null ? null : new EmailRequested.Party(request.replyTo(), null),
                email.subject(), email.html(), email.text(), request.emailType(), request.category());
    }

    private static Map<String, Object> shownInStatus(EmailRequest request, EmailRequested job) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("to_email", request.toEmail());
        fields.put("subject", job.subject());
        fields.put("email_type", request.emailType());
        return fields;
    }

    /** A validated message and where it sat in the request body, for the faults found while filling it. */
    record Located(EmailRequest request, JsonNode body, Loc loc) {
    }

    record Accepted(String messageId, Located message, EmailRequested job) {
    }
}
