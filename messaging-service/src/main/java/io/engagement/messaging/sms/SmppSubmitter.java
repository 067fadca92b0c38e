package io.engagement.messaging.sms;

import io.engagement.messaging.MessagingProperties;
import io.engagement.messaging.delivery.DeliveryFailure;
import org.jsmpp.InvalidResponseException;
import org.jsmpp.PDUException;
import org.jsmpp.SMPPConstant;
import org.jsmpp.bean.Alphabet;
import org.jsmpp.bean.BindType;
import org.jsmpp.bean.ESMClass;
import org.jsmpp.bean.GeneralDataCoding;
import org.jsmpp.bean.NumberingPlanIndicator;
import org.jsmpp.bean.OptionalParameter;
import org.jsmpp.bean.RegisteredDelivery;
import org.jsmpp.bean.SMSCDeliveryReceipt;
import org.jsmpp.bean.TypeOfNumber;
import org.jsmpp.extra.NegativeResponseException;
import org.jsmpp.extra.ResponseTimeoutException;
import org.jsmpp.session.BindParameter;
import org.jsmpp.session.SMPPSession;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Submits SMS to the configured SMSC over one SMPP transceiver session, bound on first use and
 * bound again after it drops. Delivery receipts arrive on the same session. The delivery threads
 * submit over it side by side: SMPP numbers each request, so several can wait for their answers
 * at once, and one at a time would cap delivery at one SMSC round trip per message.
 */
@Component
class SmppSubmitter implements DisposableBean {

    /** Longer texts travel in the message_payload parameter; the SMSC splits them. */
    private static final int SHORT_MESSAGE_LIMIT = 254;
    private static final int ENQUIRE_LINK_MILLIS = 30_000;
    /** The SMSC is busy: worth another attempt. Every other refusal is about the message itself. */
    private static final Set<Integer> TRANSIENT_STATUSES = Set.of(SMPPConstant.STAT_ESME_RTHROTTLED,
            SMPPConstant.STAT_ESME_RMSGQFUL, SMPPConstant.STAT_ESME_RSYSERR, SMPPConstant.STAT_ESME_RSUBMITFAIL);

    private final MessagingProperties.Smpp settings;
    private final SmsReceipts receipts;
    private volatile SMPPSession session;

    SmppSubmitter(MessagingProperties properties, SmsReceipts receipts) {
        this.settings = properties.smpp();
        this.receipts = receipts;
    }

    /** Answers the SMSC's message id. */
    String submit(SmsRequested job) throws DeliveryFailure {
        SMPPSession bound = bound();
        boolean latin = job.message().chars().allMatch(c -> c <= 0xFF);
        byte[] text = job.message().getBytes(latin ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_16BE);
        boolean payload = text.length > SHORT_MESSAGE_LIMIT;
        OptionalParameter[] parameters = payload
                ? new OptionalParameter[]{new OptionalParameter.OctetString(OptionalParameter.Tag.MESSAGE_PAYLOAD.code(), text)}
                : new OptionalParameter[0];
        try {
            return bound.submitShortMessage(
                    SmsRequests.DND.equals(job.channel()) ? "DND" : null,
                    TypeOfNumber.ALPHANUMERIC, NumberingPlanIndicator.UNKNOWN, job.senderId(),
                    TypeOfNumber.INTERNATIONAL, NumberingPlanIndicator.ISDN, job.to().substring(1),
                    new ESMClass(), (byte) 0, (byte) 1, null, null,
                    new RegisteredDelivery(SMSCDeliveryReceipt.SUCCESS_FAILURE), (byte) 0,
                    new GeneralDataCoding(latin ? Alphabet.ALPHA_LATIN1 : Alphabet.ALPHA_UCS2), (byte) 0,
                    payload ? new byte[0] : text, parameters).getMessageId();
        } catch (NegativeResponseException refused) {
            boolean permanent = !TRANSIENT_STATUSES.contains(refused.getCommandStatus());
            throw new DeliveryFailure("the SMSC refused the message (status 0x" + Integer.toHexString(refused.getCommandStatus()) + ")",
                    permanent, refused);
        } catch (ResponseTimeoutException unanswered) {
            // the SMSC may have taken it: another attempt could send it twice
            throw new DeliveryFailure("no answer from the SMSC within " + settings.responseTimeout().toMillis()
                    + " ms; not retried so it is never sent twice", true, unanswered);
        } catch (PDUException | InvalidResponseException malformed) {
            throw new DeliveryFailure("the SMSC exchange failed: " + malformed.getMessage(), true, malformed);
        } catch (IOException dropped) {
            closeSession(bound);
            throw new DeliveryFailure("the SMSC connection failed: " + dropped.getMessage(), false, dropped);
        }
    }

    private SMPPSession bound() throws DeliveryFailure {
        SMPPSession current = session;
        if (current != null && current.getSessionState().isBound()) {
            return current;
        }
        return bindAgain();
    }

    /** One thread binds; the others, waiting here meanwhile, take its session. */
    private synchronized SMPPSession bindAgain() throws DeliveryFailure {
        if (session != null && session.getSessionState().isBound()) {
            return session;
        }
        closeSession(session);
        SMPPSession fresh = new SMPPSession();
        fresh.setTransactionTimer(settings.responseTimeout().toMillis());
        fresh.setEnquireLinkTimer(ENQUIRE_LINK_MILLIS);
        fresh.setMessageReceiverListener(receipts);
        try {
            fresh.connectAndBind(settings.host(), settings.port(), new BindParameter(BindType.BIND_TRX, settings.systemId(),
                    settings.password(), settings.systemType(), TypeOfNumber.UNKNOWN, NumberingPlanIndicator.UNKNOWN, null),
                    settings.bindTimeout().toMillis());
        } catch (IOException unreachable) {
            fresh.close();
            throw new DeliveryFailure("cannot bind to the SMSC at " + settings.host() + ":" + settings.port() + ": "
                    + unreachable.getMessage(), false, unreachable);
        }
        session = fresh;
        return session;
    }

    /** Closes {@code dropped} and forgets it, unless another thread has bound a new session meanwhile. */
    private synchronized void closeSession(SMPPSession dropped) {
        if (dropped != null) {
            dropped.close();
            if (session == dropped) {
                session = null;
            }
        }
    }

    @Override
    public synchronized void destroy() {
        if (session != null && session.getSessionState().isBound()) {
            session.unbindAndClose();
        }
        closeSession(session);
    }
}
