package io.engagement.infra.inbox;

import org.jsmpp.InvalidResponseException;
import org.jsmpp.PDUException;
import org.jsmpp.SMPPConstant;
import org.jsmpp.bean.DataCodings;
import org.jsmpp.bean.DeliveryReceipt;
import org.jsmpp.bean.ESMClass;
import org.jsmpp.bean.GSMSpecificFeature;
import org.jsmpp.bean.MessageMode;
import org.jsmpp.bean.MessageType;
import org.jsmpp.bean.NumberingPlanIndicator;
import org.jsmpp.bean.OptionalParameter;
import org.jsmpp.bean.OptionalParameter.Message_state.Message_state_enum;
import org.jsmpp.bean.RegisteredDelivery;
import org.jsmpp.bean.SubmitSm;
import org.jsmpp.bean.TypeOfNumber;
import org.jsmpp.extra.NegativeResponseException;
import org.jsmpp.extra.ResponseTimeoutException;
import org.jsmpp.session.SMPPServerSession;
import org.jsmpp.util.DeliveryReceiptState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Sends the delivery receipts that {@code submit_sm}s ask for, as {@code deliver_sm}s a little
 * after each submit and from threads of its own: the receipt must not overtake the
 * {@code submit_sm_resp} that gives the client the message id it quotes.
 */
final class DeliveryReceipts implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DeliveryReceipts.class);
    private static final int MIN_DELAY_MILLIS = 50;
    private static final int MAX_DELAY_MILLIS = 200;
    /** A receiver may bind just after its transmitter submitted: wait up to 5 s for one. */
    private static final int ATTEMPTS = 20;
    private static final int RETRY_MILLIS = 250;

    private final Supplier<List<SMPPServerSession>> sessions;
    private final ScheduledExecutorService executor = Executors.newScheduledThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "smsc-receipts");
        thread.setDaemon(true);
        return thread;
    });
    private volatile DeliveryReceiptState outcome = DeliveryReceiptState.DELIVRD;

    /** @param sessions the bound sessions, any of which may carry a receipt */
    DeliveryReceipts(Supplier<List<SMPPServerSession>> sessions) {
        this.sessions = sessions;
    }

    /** The {@code stat} of receipts for messages submitted from now on. */
    void outcome(DeliveryReceiptState outcome) {
        this.outcome = outcome;
    }

    /** Schedules the receipt {@code submit} asked for, if it asked for one with this outcome. */
    void requestedBy(SubmitSm submit, ReceivedSms sms, SMPPServerSession origin) {
        DeliveryReceiptState stat = outcome;
        int requested = submit.getRegisteredDelivery() & 0x03;
        boolean wanted = requested == SMPPConstant.REGDEL_SMSC_SUCCESS_FAILURE_REQUESTED
                || requested == SMPPConstant.REGDEL_SMSC_FAILURE_REQUESTED && stat != DeliveryReceiptState.DELIVRD;
        if (wanted) {
            Pending receipt = new Pending(sms, stat, submit.getDestAddrTon(), submit.getDestAddrNpi(),
                    submit.getSourceAddrTon(), submit.getSourceAddrNpi(), origin);
            int delay = ThreadLocalRandom.current().nextInt(MIN_DELAY_MILLIS, MAX_DELAY_MILLIS + 1);
            executor.schedule(() -> send(receipt, 1), delay, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    private void send(Pending receipt, int attempt) {
        SMPPServerSession session = receiverFor(receipt.origin());
        if (session == null) {
            retry(receipt, attempt, "no receiver is bound");
            return;
        }
        try {
            session.deliverShortMessage("", typeOfNumber(receipt.handsetTon()), plan(receipt.handsetNpi()), receipt.sms().to(),
                    typeOfNumber(receipt.senderTon()), plan(receipt.senderNpi()), receipt.sms().senderId(),
                    new ESMClass(MessageMode.DEFAULT, MessageType.SMSC_DEL_RECEIPT, GSMSpecificFeature.DEFAULT),
                    (byte) 0, (byte) 0, new RegisteredDelivery(0), DataCodings.ZERO,
                    receipt.text().getBytes(StandardCharsets.ISO_8859_1),
                    new OptionalParameter.Receipted_message_id(receipt.sms().smscMessageId()),
                    new OptionalParameter.Message_state(messageState(receipt.stat()).byteValue()));
            log.debug("Delivery receipt {} for {} sent", receipt.stat(), receipt.sms().smscMessageId());
        } catch (NegativeResponseException refused) {
            log.warn("The client refused the delivery receipt for {}: {}", receipt.sms().smscMessageId(), refused.getMessage());
        } catch (PDUException malformed) {
            log.warn("Cannot encode the delivery receipt for {}", receipt.sms().smscMessageId(), malformed);
        } catch (IOException | ResponseTimeoutException | InvalidResponseException failed) {
            retry(receipt, attempt, failed.toString());
        }
    }

    private void retry(Pending receipt, int attempt, String reason) {
        if (attempt >= ATTEMPTS || executor.isShutdown()) {
            log.warn("Delivery receipt for {} dropped: {}", receipt.sms().smscMessageId(), reason);
            return;
        }
        executor.schedule(() -> send(receipt, attempt + 1), RETRY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** The session the message came in on if it can receive (a transceiver), else any receiver. */
    private SMPPServerSession receiverFor(SMPPServerSession origin) {
        if (origin.getSessionState().isReceivable()) {
            return origin;
        }
        return sessions.get().stream().filter(session -> session.getSessionState().isReceivable()).findFirst().orElse(null);
    }

    private static Message_state_enum messageState(DeliveryReceiptState stat) {
        return switch (stat) {
            case ENROUTE -> Message_state_enum.ENROUTE;
            case DELIVRD -> Message_state_enum.DELIVERED;
            case EXPIRED -> Message_state_enum.EXPIRED;
            case DELETED -> Message_state_enum.DELETED;
            case UNDELIV -> Message_state_enum.UNDELIVERABLE;
            case ACCEPTD -> Message_state_enum.ACCEPTED;
            case UNKNOWN -> Message_state_enum.UNKNOWN;
            case REJECTD -> Message_state_enum.REJECTED;
        };
    }

    private static TypeOfNumber typeOfNumber(byte value) {
        try {
            return TypeOfNumber.valueOf(value);
        } catch (IllegalArgumentException unknown) {
            return TypeOfNumber.UNKNOWN;
        }
    }

    private static NumberingPlanIndicator plan(byte value) {
        try {
            return NumberingPlanIndicator.valueOf(value);
        } catch (IllegalArgumentException unknown) {
            return NumberingPlanIndicator.UNKNOWN;
        }
    }

    /** A receipt to send: it goes from the handset (the submit's destination) back to the sender. */
    private record Pending(ReceivedSms sms, DeliveryReceiptState stat, byte handsetTon, byte handsetNpi,
                           byte senderTon, byte senderNpi, SMPPServerSession origin) {

        /** "id:… sub:001 dlvrd:001 submit date:… done date:… stat:DELIVRD err:000 text:…" */
        String text() {
            boolean delivered = stat == DeliveryReceiptState.DELIVRD;
            return new DeliveryReceipt(sms.smscMessageId(), 1, delivered ? 1 : 0, Date.from(sms.receivedAt()), new Date(), stat,
                    delivered ? "000" : "001", sms.message()).toString();
        }
    }
}
