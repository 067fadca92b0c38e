package io.engagement.infra.inbox;

import org.jsmpp.PDUStringException;
import org.jsmpp.SMPPConstant;
import org.jsmpp.bean.BroadcastSm;
import org.jsmpp.bean.CancelBroadcastSm;
import org.jsmpp.bean.CancelSm;
import org.jsmpp.bean.DataSm;
import org.jsmpp.bean.OptionalParameter;
import org.jsmpp.bean.QueryBroadcastSm;
import org.jsmpp.bean.QuerySm;
import org.jsmpp.bean.ReplaceSm;
import org.jsmpp.bean.SubmitMulti;
import org.jsmpp.bean.SubmitSm;
import org.jsmpp.bean.TypeOfNumber;
import org.jsmpp.extra.ProcessRequestException;
import org.jsmpp.session.BroadcastSmResult;
import org.jsmpp.session.DataSmResult;
import org.jsmpp.session.QueryBroadcastSmResult;
import org.jsmpp.session.QuerySmResult;
import org.jsmpp.session.SMPPServerSession;
import org.jsmpp.session.ServerMessageReceiverListener;
import org.jsmpp.session.Session;
import org.jsmpp.session.SubmitMultiResult;
import org.jsmpp.session.SubmitSmResult;
import org.jsmpp.util.MessageId;

import java.time.Instant;
import java.util.function.Consumer;

/**
 * Keeps each {@code submit_sm} and answers it with a new message id. Only {@code submit_sm} is
 * supported; every other request is answered "invalid command".
 */
final class SubmitReceiver implements ServerMessageReceiverListener {

    private final Consumer<ReceivedSms> store;
    private final DeliveryReceipts receipts;

    SubmitReceiver(Consumer<ReceivedSms> store, DeliveryReceipts receipts) {
        this.store = store;
        this.receipts = receipts;
    }

    @Override
    public SubmitSmResult onAcceptSubmitSm(SubmitSm submit, SMPPServerSession source) throws ProcessRequestException {
        MessageId messageId;
        try {
            messageId = new MessageId(ShortIds.next());
        } catch (PDUStringException e) {
            throw new ProcessRequestException("cannot create a message id", SMPPConstant.STAT_ESME_RSYSERR, e);
        }
        ReceivedSms sms = new ReceivedSms(ShortIds.next(), messageId.getValue(), submit.getSourceAddr(), recipient(submit),
                SmsText.of(submit), "DND".equalsIgnoreCase(submit.getServiceType()) ? "dnd" : "generic", Instant.now());
        store.accept(sms);
        receipts.requestedBy(submit, sms, source);
        return new SubmitSmResult(messageId, new OptionalParameter[0]);
    }

    @Override
    public SubmitMultiResult onAcceptSubmitMulti(SubmitMulti submitMulti, SMPPServerSession source) throws ProcessRequestException {
        throw unsupported("submit_multi");
    }

    @Override
    public QuerySmResult onAcceptQuerySm(QuerySm querySm, SMPPServerSession source) throws ProcessRequestException {
        throw unsupported("query_sm");
    }

    @Override
    public void onAcceptReplaceSm(ReplaceSm replaceSm, SMPPServerSession source) throws ProcessRequestException {
        throw unsupported("replace_sm");
    }

    @Override
    public void onAcceptCancelSm(CancelSm cancelSm, SMPPServerSession source) throws ProcessRequestException {
        throw unsupported("cancel_sm");
    }

    @Override
    public BroadcastSmResult onAcceptBroadcastSm(BroadcastSm broadcastSm, SMPPServerSession source) throws ProcessRequestException {
        throw unsupported("broadcast_sm");
    }

    @Override
    public void onAcceptCancelBroadcastSm(CancelBroadcastSm cancelBroadcastSm, SMPPServerSession source) throws ProcessRequestException {
        throw unsupported("cancel_broadcast_sm");
    }

    @Override
    public QueryBroadcastSmResult onAcceptQueryBroadcastSm(QueryBroadcastSm queryBroadcastSm, SMPPServerSession source)
            throws ProcessRequestException {
        throw unsupported("query_broadcast_sm");
    }

    @Override
    public DataSmResult onAcceptDataSm(DataSm dataSm, Session source) throws ProcessRequestException {
        throw unsupported("data_sm");
    }

    private static ProcessRequestException unsupported(String command) {
        return new ProcessRequestException(command + " is not supported by the embedded SMSC", SMPPConstant.STAT_ESME_RINVCMDID);
    }

    /** An international number is shown as E.164, with the {@code +} SMPP leaves out. */
    private static String recipient(SubmitSm submit) {
        String address = submit.getDestAddress();
        boolean international = submit.getDestAddrTon() == TypeOfNumber.INTERNATIONAL.value();
        return international && !address.startsWith("+") ? "+" + address : address;
    }
}
