package io.engagement.messaging.sms;

import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.messaging.wallet.Wallets;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Takes one text to one or many recipients in: charges the wallet for every segment to every
 * recipient, records one message per recipient as queued and puts them on the durable queue. A
 * send the wallet cannot cover is refused whole, before anything is recorded or sent; a send the
 * queue cannot take is refunded.
 */
@Component
public class SmsAcceptance {

    static final String INSUFFICIENT = "insufficient wallet balance";
    private static final Logger log = LoggerFactory.getLogger(SmsAcceptance.class);

    private final Wallets wallets;
    private final MessageLedger ledger;
    private final EventPublisher publisher;
    private final ObjectMapper json;

    SmsAcceptance(Wallets wallets, MessageLedgers ledgers, EventPublisher publisher, ObjectMapper json) {
        this.wallets = wallets;
        this.ledger = ledgers.sms();
        this.publisher = publisher;
        this.json = json;
    }

    /** One SMS the suite sends of its own accord, such as a reminder, paid from the wallet; answers its message id. */
    public Mono<String> acceptOne(long org, String senderId, String to, String message) {
        return accept(org, new SmsRequest(senderId, SmsRequests.GENERIC, List.of(to), message)).map(ids -> ids.get(0));
    }

    Mono<List<String>> accept(long org, SmsRequest request) {
        Segments segments = Segments.of(request.message());
        long cost = (long) segments.walletUnits() * request.to().size();
        List<SmsRequested> jobs = request.to().stream()
                .map(to -> new SmsRequested(UUID.randomUUID().toString(), request.senderId(), to, request.message(), request.channel()))
                .toList();
        return wallets.debit(org, cost)
                .flatMap(covered -> covered ? queue(org, jobs, segments, cost)
                        : Mono.error(ApiException.error(HttpStatus.PAYMENT_REQUIRED, INSUFFICIENT)));
    }

    private Mono<List<String>> queue(long org, List<SmsRequested> jobs, Segments segments, long cost) {
        List<String> ids = jobs.stream().map(SmsRequested::messageId).toList();
        List<Map<String, Object>> shown = jobs.stream().map(job -> shownInStatus(job, segments)).toList();
        return ledger.queue(org, ids, shown)
                .then(Flux.fromIterable(jobs)
                        .flatMap(job -> publisher.publish(Topics.MESSAGE, EventEnvelope.key(org, job.messageId()),
                                new EventEnvelope<>(UUID.randomUUID(), SmsRequested.TYPE, 1, org, Instant.now(), json.valueToTree(job))), 256)
                        .then())
                .thenReturn(ids)
                .onErrorResume(failure -> {
                    log.error("Could not queue {} SMS: {}", ids.size(), failure.toString());
                    return ledger.notQueued(ids, "not queued: " + failure.getMessage())
                            .then(wallets.credit(org, cost))
                            .onErrorResume(ignored -> Mono.empty())
                            .then(Mono.error(ApiException.error(HttpStatus.SERVICE_UNAVAILABLE,
                                    "the SMS queue is unavailable; nothing was sent or charged")));
                });
    }

    private static Map<String, Object> shownInStatus(SmsRequested job, Segments segments) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("to", job.to());
        fields.put("sender_id", job.senderId());
        fields.put("channel", job.channel());
        fields.put("segments", segments.count());
        fields.put("encoding", segments.encoding() == Segments.Encoding.GSM_7 ? "gsm-7" : "ucs-2");
        return fields;
    }
}
