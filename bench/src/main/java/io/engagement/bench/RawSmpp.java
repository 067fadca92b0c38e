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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The SMSC alone: {@code submit_sm}s straight to it over transceiver binds, with the parameters
 * the suite's submitter uses (delivery receipts asked for, so the SMSC does the same work), from
 * as many threads as the suite has delivery threads.
 */
final class RawSmpp {

    /** The SMSC sends receipts a little after each submit; they are all taken before the binds close. */
    private static final Duration RECEIPTS_AWAITED = Duration.ofSeconds(60);

    private final FleetSettings.Delivery smsc;

    RawSmpp(FleetSettings.Delivery smsc) {
        this.smsc = smsc;
    }

    /** {@code messages} submitted by {@code threads} threads over {@code binds} sessions; answers the seconds taken. */
    double submit(int messages, int binds, int threads) throws Exception {
        List<SMPPSession> sessions = new ArrayList<>();
        Receipts receipts = new Receipts(messages);
        ExecutorService senders = Executors.newFixedThreadPool(threads);
        try {
            for (int b = 0; b < binds; b++) {
                sessions.add(bound(receipts));
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
            double seconds = BenchSuite.seconds(started);
            // a receipt still queued when its bind closes goes to another bind of the account, the suite's,
            // which would spend the measured run looking for a message it never sent
            receipts.await(RECEIPTS_AWAITED);
            return seconds;
        } finally {
            senders.shutdown();
            sessions.forEach(SMPPSession::unbindAndClose);
        }
    }

    private SMPPSession bound(Receipts receipts) throws Exception {
        SMPPSession session = new SMPPSession();
        session.setTransactionTimer(10_000);
        session.setMessageReceiverListener(receipts);
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

    /** Counts down the delivery receipts the SMSC sends back. */
    private static final class Receipts implements MessageReceiverListener {

        private final CountDownLatch pending;

        Receipts(int expected) {
            this.pending = new CountDownLatch(expected);
        }

        @Override
        public void onAcceptDeliverSm(DeliverSm deliverSm) {
            if (deliverSm.isSmscDeliveryReceipt()) {
                pending.countDown();
            }
        }

        @Override
        public void onAcceptAlertNotification(AlertNotification alertNotification) {
        }

        @Override
        public DataSmResult onAcceptDataSm(DataSm dataSm, Session source) throws ProcessRequestException {
            throw new ProcessRequestException("data_sm is not accepted", SMPPConstant.STAT_ESME_RINVCMDID);
        }

        void await(Duration atMost) throws InterruptedException {
            if (!pending.await(atMost.toMillis(), TimeUnit.MILLISECONDS)) {
                System.out.printf("  %,d delivery receipts did not come back within %d s%n", pending.getCount(), atMost.toSeconds());
            }
        }
    }
}
