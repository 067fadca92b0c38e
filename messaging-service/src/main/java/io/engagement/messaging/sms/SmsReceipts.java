package io.engagement.messaging.sms;

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
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Locale;
import java.util.Map;

/**
 * Delivery receipts from the SMSC: a delivered message keeps {@code sent} and gains
 * {@code delivery_status: delivered}; an undeliverable, expired or rejected one becomes {@code failed}.
 */
@Component
class SmsReceipts implements MessageReceiverListener {

    private static final Logger log = LoggerFactory.getLogger(SmsReceipts.class);
    /**
     * A receipt can overtake the write of its message's SMSC id, or belong to another client bound with the same account: it
     * waits for the id with growing pauses, about half a minute in all, so an unknown id costs a few reads, not a read per tick.
     */
    private static final Retry ID_WAITS = Retry.backoff(8, Duration.ofMillis(100)).filter(UnknownSmscId.class::isInstance)
            .onRetryExhaustedThrow((spec, signal) -> signal.failure());

    private final SmsLedger ledger;

    SmsReceipts(SmsLedger ledger) {
        this.ledger = ledger;
    }

    @Override
    public void onAcceptDeliverSm(DeliverSm deliverSm) throws ProcessRequestException {
        if (!deliverSm.isSmscDeliveryReceipt()) {
            return;
        }
        try {
            DeliveryReceipt receipt = deliverSm.getShortMessageAsDeliveryReceipt();
            apply(receipt.getId(), receipt.getFinalStatus(), receipt.getError())
                    .subscribe(null, failure -> log.warn("Delivery receipt for SMSC id {} not recorded: {}", receipt.getId(), failure.toString()));
        } catch (InvalidDeliveryReceiptException unreadable) {
            log.warn("Unreadable delivery receipt: {}", unreadable.getMessage());
        }
    }

    private Mono<Void> apply(String smscId, DeliveryReceiptState state, String error) {
        return Mono.defer(() -> ledger.messageOfSmscId(smscId))
                .switchIfEmpty(Mono.error(() -> new UnknownSmscId(smscId)))
                .retryWhen(ID_WAITS)
                .flatMap(messageId -> record(messageId, state, error));
    }

    private Mono<Void> record(String messageId, DeliveryReceiptState state, String error) {
        Map<String, Object> fields = Map.of("delivery_status", state.name().toLowerCase(Locale.ROOT), "receipt_at", Date.from(Instant.now()));
        if (state == DeliveryReceiptState.DELIVRD || state == DeliveryReceiptState.ACCEPTD || state == DeliveryReceiptState.ENROUTE) {
            return ledger.ledger().note(messageId, fields);
        }
        return ledger.ledger().note(messageId, fields)
                .then(ledger.ledger().fail(messageId, "delivery receipt " + state.name() + " (error " + error + ")"));
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
