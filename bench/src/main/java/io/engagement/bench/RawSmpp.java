package io.engagement.bench;

import io.engagement.local.FleetSettings;
import org.jsmpp.SMPPConstant;
import org.jsmpp.bean.AlertNotification;
import org.jsmpp.bean.Alphabet;
import org.jsmpp.bean.BindType;
import org.jsmpp.bean.DataSm;
import org.jsmpp.bean.DeliverSm;
import org.jsmpp.bean.ESMClass;
import org.jsmpp.bean.GeneralDataCoding;
import org.jsmpp.bean.NumberingPlanIndicator;
import org.jsmpp.bean.RegisteredDelivery;
import org.jsmpp.bean.SMSCDeliveryReceipt;
import org.jsmpp.bean.TypeOfNumber;
import org.jsmpp.extra.ProcessRequestException;
import org.jsmpp.session.BindParameter;
import org.jsmpp.session.DataSmResult;
import org.jsmpp.session.MessageReceiverListener;
import org.jsmpp.session.SMPPSession;
import org.jsmpp.session.Session;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The SMSC alone: {@code submit_sm}s straight to it over transceiver binds, with the parameters
 * the suite's submitter uses (delivery receipts asked for, so the SMSC does the same work), from
 * as many threads as the suite has delivery threads.
 */
final class RawSmpp {

    private static final MessageReceiverListener RECEIPTS_IGNORED = new MessageReceiverListener() {
        @Override
        public void onAcceptDeliverSm(DeliverSm deliverSm) {
        }

        @Override
        public void onAcceptAlertNotification(AlertNotification alertNotification) {
        }

        @Override
        public DataSmResult onAcceptDataSm(DataSm dataSm, Session source) throws ProcessRequestException {
            throw new ProcessRequestException("data_sm is not accepted", SMPPConstant.STAT_ESME_RINVCMDID);
        }
    };

    private final FleetSettings.Delivery smsc;

    RawSmpp(FleetSettings.Delivery smsc) {
        this.smsc = smsc;
    }

    /** {@code messages} submitted by {@code threads} threads over {@code binds} sessions; answers the seconds taken. */
    double submit(int messages, int binds, int threads) throws Exception {
        List<SMPPSession> sessions = new ArrayList<>();
        ExecutorService senders = Executors.newFixedThreadPool(threads);
        try {
            for (int b = 0; b < binds; b++) {
                sessions.add(bound());
            }
            long started = System.nanoTime();
            List<Future<?>> shares = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                SMPPSession session = sessions.get(t % binds);
                shares.add(senders.submit(() -> {
                    for (int i = first; i < messages; i += threads) {
                        submitOne(session, i);
                    }
                    return null;
                }));
            }
            for (Future<?> share : shares) {
                share.get();
            }
            return BenchSuite.seconds(started);
        } finally {
            senders.shutdown();
            // not unbound: the SMSC still has receipts queued for the session, and an unbind waits behind them
            sessions.forEach(SMPPSession::close);
        }
    }

    private SMPPSession bound() throws Exception {
        SMPPSession session = new SMPPSession();
        session.setTransactionTimer(10_000);
        session.setMessageReceiverListener(RECEIPTS_IGNORED);
        session.connectAndBind(smsc.smppHost(), smsc.smppPort(), new BindParameter(BindType.BIND_TRX, smsc.smppSystemId(),
                smsc.smppPassword(), "", TypeOfNumber.UNKNOWN, NumberingPlanIndicator.UNKNOWN, null), 5_000);
        return session;
    }

    private static void submitOne(SMPPSession session, int i) throws Exception {
        session.submitShortMessage(null, TypeOfNumber.ALPHANUMERIC, NumberingPlanIndicator.UNKNOWN, "Bench",
                TypeOfNumber.INTERNATIONAL, NumberingPlanIndicator.ISDN, MessagingBenchmark.smsNumber(i).substring(1),
                new ESMClass(), (byte) 0, (byte) 1, null, null,
                new RegisteredDelivery(SMSCDeliveryReceipt.SUCCESS_FAILURE), (byte) 0,
                new GeneralDataCoding(Alphabet.ALPHA_LATIN1), (byte) 0,
                ("Raw SMS " + i).getBytes(StandardCharsets.ISO_8859_1));
    }
}
