package io.engagement.messaging.sms;

import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.platform.store.DatabaseFailures;
import org.jsmpp.SMPPConstant;
import org.jsmpp.bean.AlertNotification;
import org.jsmpp.bean.DataSm;
import org.jsmpp.bean.DeliverSm;
import org.jsmpp.bean.DeliveryReceipt;
import org.jsmpp.extra.ProcessRequestException;
import org.jsmpp.session.DataSmResult;
import org.jsmpp.session.MessageReceiverListener;
import org.jsmpp.session.Session;
import org.jsmpp.util.DeliveryReceiptState;
import org.jsmpp.util.InvalidDeliveryReceiptException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.retry.Retry;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Delivery receipts from the SMSC: a delivered message keeps {@code sent} and gains
 * {@code delivery_status: delivrd}; an undeliverable, expired or rejected one becomes {@code failed}.
 * The SMSC sends a receipt for every message it was handed, so receipts are written a batch at a
 * time: those that arrive while the previous write is under way, or within a few milliseconds of
 * each other, go in one bulk.
 */
@Component
class SmsReceipts implements MessageReceiverListener, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SmsReceipts.class);
    /**
     * A receipt can overtake the write of its message's SMSC id, or belong to another client bound with the same account: it
     * waits for the id with growing pauses, about half a minute in all, so an unknown id costs a few reads, not a read per tick.
     */
    private static final Retry ID_WAITS = Retry.backoff(8, Duration.ofMillis(100)).filter(UnknownSmscId.class::isInstance)
            .onRetryExhaustedThrow((spec, signal) -> signal.failure());
    /** Delivered, or still on its way: the message keeps {@code sent}. */
    private static final Set<DeliveryReceiptState> NOT_FAILED =
            EnumSet.of(DeliveryReceiptState.DELIVRD, DeliveryReceiptState.ACCEPTD, DeliveryReceiptState.ENROUTE);
    private static final int RECEIPTS_PER_WRITE = 200;
    private static final Duration GATHERED_FOR = Duration.ofMillis(20);
    /**
     * The SMSC has had its answer and never sends a receipt again: a write the database could not
     * answer is retried for about half a minute before its receipts are logged as lost.
     */
    private static final Retry WRITE_RETRIES = Retry.backoff(8, Duration.ofMillis(100)).filter(DatabaseFailures::isTransient);
    private static final Duration DRAINED_WITHIN = Duration.ofSeconds(5);

    private final MessageLedger ledger;
    private final SmscIds smscIds;
    /** Emitted to under its own lock: receipts come from several SMPP threads and database callbacks at once. */
    private final Sinks.Many<MessageLedger.Note> arriving = Sinks.unsafe().many().unicast().onBackpressureBuffer();
    private final Mono<Void> written;
    /**
     * Receipts being applied, which a stop waits for: most are written at once, but one that came
     * before its message's SMSC id was written is still finding its message.
     */
    private final Set<Mono<Void>> findingTheirMessage = ConcurrentHashMap.newKeySet();

    SmsReceipts(MessageLedgers ledgers, SmscIds smscIds) {
        this.ledger = ledgers.sms();
        this.smscIds = smscIds;
        // fair: receipts that arrive while a write is under way wait for the next write instead of overflowing the buffer
        this.written = arriving.asFlux().bufferTimeout(RECEIPTS_PER_WRITE, GATHERED_FOR, true).concatMap(this::write).then().cache();
        written.subscribe(null, failure -> log.error("Delivery receipts are no longer written: {}", failure.toString()));
    }

    @Override
    public void onAcceptDeliverSm(DeliverSm deliverSm) throws ProcessRequestException {
        if (!deliverSm.isSmscDeliveryReceipt()) {
            return;
        }
        try {
            DeliveryReceipt receipt = deliverSm.getShortMessageAsDeliveryReceipt();
            Mono<Void> applied = apply(receipt.getId(), receipt.getFinalStatus(), receipt.getError())
                    .onErrorResume(failure -> {
                        log.warn("Delivery receipt for SMSC id {} not recorded: {}", receipt.getId(), failure.toString());
                        return Mono.empty();
                    })
                    .cache();
            findingTheirMessage.add(applied);
            applied.doFinally(signal -> findingTheirMessage.remove(applied)).subscribe();
        } catch (InvalidDeliveryReceiptException unreadable) {
            log.warn("Unreadable delivery receipt: {}", unreadable.getMessage());
        }
    }

    private Mono<Void> apply(String smscId, DeliveryReceiptState state, String error) {
        return Mono.defer(() -> smscIds.messageOf(smscId))
                .switchIfEmpty(Mono.error(() -> new UnknownSmscId(smscId)))
                .retryWhen(ID_WAITS)
                .doOnNext(messageId -> gather(note(messageId, state, error)))
                .then();
    }

    private static MessageLedger.Note note(String messageId, DeliveryReceiptState state, String error) {
        Map<String, Object> fields = Map.of("delivery_status", state.name().toLowerCase(Locale.ROOT),
                "receipt_at", Date.from(Instant.now()));
        String failure = NOT_FAILED.contains(state) ? null : "delivery receipt " + state.name() + " (error " + error + ")";
        return new MessageLedger.Note(messageId, fields, failure);
    }

    private void gather(MessageLedger.Note receipt) {
        Sinks.EmitResult result;
        synchronized (arriving) {
            result = arriving.tryEmitNext(receipt);
        }
        if (result.isFailure()) {
            log.warn("Delivery receipt for message {} not recorded: the service is stopping ({})", receipt.id(), result);
        }
    }

    private Mono<Void> write(List<MessageLedger.Note> receipts) {
        return ledger.noteAll(receipts).retryWhen(WRITE_RETRIES).onErrorResume(failure -> {
            log.warn("Delivery receipts for messages {} not recorded: {}", receipts.stream().map(MessageLedger.Note::id).toList(),
                    failure.toString());
            return Mono.empty();
        });
    }

    /**
     * Runs after the SMPP sessions have closed (they depend on this bean) and the delivery threads
     * have stopped, and before the database goes: the receipts they gave are written, those still
     * finding their message first (the last batches' SMSC ids are written as the delivery threads
     * finish). One that has not found it within {@link #DRAINED_WITHIN} is logged as not recorded.
     */
    @Override
    public void destroy() {
        try {
            Mono.when(List.copyOf(findingTheirMessage)).block(DRAINED_WITHIN);
        } catch (RuntimeException notFound) {
            log.warn("{} delivery receipt(s) had not found their message at stop (waited {}); not recorded: {}",
                    findingTheirMessage.size(), DRAINED_WITHIN, notFound.toString());
        }
        synchronized (arriving) {
            arriving.tryEmitComplete();
        }
        try {
            written.block(DRAINED_WITHIN);
        } catch (RuntimeException notDrained) {
            log.warn("Delivery receipts may be unwritten at stop (waited up to {}): {}", DRAINED_WITHIN, notDrained.toString());
        }
    }

    private static final class UnknownSmscId extends RuntimeException {

        UnknownSmscId(String smscId) {
            super("no message was submitted with SMSC id " + smscId, null, false, false);
        }
    }

    @Override
    public void onAcceptAlertNotification(AlertNotification alertNotification) {
    }

    @Override
    public DataSmResult onAcceptDataSm(DataSm dataSm, Session source) throws ProcessRequestException {
        throw new ProcessRequestException("data_sm is not accepted", SMPPConstant.STAT_ESME_RINVCMDID);
    }
}
