package io.engagement.messaging.whatsapp;

import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.messaging.wallet.Wallets;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Takes one WhatsApp text in: only from a connected number, charged to the SMS wallet (one unit per
 * message, whatever its length), recorded as queued and put on the durable queue. A send the wallet
 * cannot cover is refused before anything is recorded or sent; a send the queue cannot take is refunded.
 */
@Component
public class WhatsAppAcceptance {

    static final long UNITS_PER_MESSAGE = 1;
    static final String INSUFFICIENT = "insufficient wallet balance";
    static final String NOT_CONNECTED = "WhatsApp is not connected";
    private static final Logger log = LoggerFactory.getLogger(WhatsAppAcceptance.class);

    private final OrganizationSettings<WhatsAppConnection> connections;
    private final Wallets wallets;
    private final MessageLedger ledger;
    private final EventPublisher publisher;
    private final ObjectMapper json;

    WhatsAppAcceptance(OrganizationSettings<WhatsAppConnection> connections, Wallets wallets, MessageLedgers ledgers,
                       EventPublisher publisher, ObjectMapper json) {
        this.connections = connections;
        this.wallets = wallets;
        this.ledger = ledgers.whatsApp();
        this.publisher = publisher;
        this.json = json;
    }

    /** One message the suite sends of its own accord, such as a reminder; answers its id. */
    public Mono<String> acceptOne(long org, String to, String message) {
        return accept(org, new WhatsAppRequests.Send(to, message));
    }

    /** Answers the new message's id. */
    Mono<String> accept(long org, WhatsAppRequests.Send request) {
        return connections.read(org)
                .filter(WhatsAppConnection::isConnected)
                .switchIfEmpty(Mono.error(() -> ApiException.conflict(NOT_CONNECTED)))
                .map(connection -> new WhatsAppRequested(UUID.randomUUID().toString(), connection.phoneNumber(), request.to(), request.message()))
                .flatMap(job -> wallets.debit(org, UNITS_PER_MESSAGE)
                        .flatMap(covered -> covered ? queue(org, job)
                                : Mono.error(ApiException.error(HttpStatus.PAYMENT_REQUIRED, INSUFFICIENT))));
    }

    private Mono<String> queue(long org, WhatsAppRequested job) {
        return ledger.queue(org, List.of(job.messageId()), List.of(shownInStatus(job)))
                .then(publisher.publish(Topics.MESSAGE, EventEnvelope.key(org, job.messageId()),
                        new EventEnvelope<>(UUID.randomUUID(), WhatsAppRequested.TYPE, 1, org, Instant.now(), json.valueToTree(job))))
                .thenReturn(job.messageId())
                .onErrorResume(failure -> {
                    log.error("Could not queue WhatsApp message {}: {}", job.messageId(), failure.toString());
                    return ledger.notQueued(List.of(job.messageId()), "not queued: " + failure.getMessage())
                            .then(wallets.credit(org, UNITS_PER_MESSAGE))
                            .onErrorResume(ignored -> Mono.empty())
                            .then(Mono.error(ApiException.error(HttpStatus.SERVICE_UNAVAILABLE,
                                    "the WhatsApp queue is unavailable; nothing was sent or charged")));
                });
    }

    private static Map<String, Object> shownInStatus(WhatsAppRequested job) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("to", job.to());
        fields.put("from", job.from());
        return fields;
    }
}
