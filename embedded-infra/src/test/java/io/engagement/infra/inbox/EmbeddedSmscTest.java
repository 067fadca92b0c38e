package io.engagement.infra.inbox;

import org.jsmpp.SMPPConstant;
import org.jsmpp.bean.Alphabet;
import org.jsmpp.bean.AlertNotification;
import org.jsmpp.bean.BindType;
import org.jsmpp.bean.DataCoding;
import org.jsmpp.bean.DataSm;
import org.jsmpp.bean.DeliverSm;
import org.jsmpp.bean.DeliveryReceipt;
import org.jsmpp.bean.ESMClass;
import org.jsmpp.bean.GeneralDataCoding;
import org.jsmpp.bean.NumberingPlanIndicator;
import org.jsmpp.bean.OptionalParameter;
import org.jsmpp.bean.RegisteredDelivery;
import org.jsmpp.bean.SMSCDeliveryReceipt;
import org.jsmpp.bean.TypeOfNumber;
import org.jsmpp.extra.NegativeResponseException;
import org.jsmpp.session.BindParameter;
import org.jsmpp.session.DataSmResult;
import org.jsmpp.session.MessageReceiverListener;
import org.jsmpp.session.SMPPSession;
import org.jsmpp.session.Session;
import org.jsmpp.util.DeliveryReceiptState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddedSmscTest {

    private static final String SYSTEM_ID = "engagement";
    private static final String PASSWORD = "s3cret";
    private static final String UCS2_TEXT = "Привет! Ваш код 4821 ✓";

    private EmbeddedSmtp smtp;
    private EmbeddedSmsc smsc;
    private DevInbox inbox;
    private InboxHttp http;
    private final List<SMPPSession> clients = new ArrayList<>();

    @BeforeEach
    void start() {
        smtp = EmbeddedSmtp.start(0);
        smsc = EmbeddedSmsc.start(0, SYSTEM_ID, PASSWORD);
        inbox = DevInbox.start(0, smtp, smsc);
        http = new InboxHttp(inbox);
    }

    @AfterEach
    void stop() {
        clients.forEach(SMPPSession::unbindAndClose);
        inbox.close();
        smsc.close();
        smtp.close();
    }

    @Test
    void aTransceiverSubmitsGsmAndUcs2TextsAndGetsTheirReceipts() throws Exception {
        Receipts receipts = new Receipts();
        SMPPSession client = bind(BindType.BIND_TRX, PASSWORD, receipts);
        Instant before = Instant.now();

        String gsmId = submit(client, "", "ACME", "+2348031234567", new GeneralDataCoding(Alphabet.ALPHA_DEFAULT),
                "Your code is 4821".getBytes(StandardCharsets.ISO_8859_1));
        String ucs2Id = submit(client, "DND", "ACME", "+2348039876543", new GeneralDataCoding(Alphabet.ALPHA_UCS2),
                UCS2_TEXT.getBytes(StandardCharsets.UTF_16BE));

        assertThat(gsmId).isNotBlank().isNotEqualTo(ucs2Id);
        DeliverSm first = receipts.next();
        DeliverSm second = receipts.next();
        assertThat(first.isSmscDeliveryReceipt()).isTrue();
        List<DeliveryReceipt> parsed = List.of(first.getShortMessageAsDeliveryReceipt(), second.getShortMessageAsDeliveryReceipt());
        assertThat(parsed).extracting(DeliveryReceipt::getId).containsExactlyInAnyOrder(gsmId, ucs2Id);
        assertThat(parsed).extracting(DeliveryReceipt::getFinalStatus).containsOnly(DeliveryReceiptState.DELIVRD);
        assertThat(parsed).extracting(DeliveryReceipt::getError).containsOnly("000");
        DeliverSm gsmReceipt = first.getShortMessageAsDeliveryReceipt().getId().equals(gsmId) ? first : second;
        assertThat(new String(gsmReceipt.getShortMessage(), StandardCharsets.ISO_8859_1))
                .startsWith("id:" + gsmId + " sub:001 dlvrd:001 submit date:")
                .contains(" stat:DELIVRD err:000 text:Your code is 4821");
        assertThat(gsmReceipt.getSourceAddr()).isEqualTo("+2348031234567");
        assertThat(gsmReceipt.getDestAddress()).isEqualTo("ACME");
        assertThat(((OptionalParameter.COctetString) gsmReceipt.getOptionalParameter(OptionalParameter.Tag.RECEIPTED_MESSAGE_ID))
                .getValueAsString()).isEqualTo(gsmId);

        assertThat(smsc.received()).extracting(ReceivedSms::smscMessageId).containsExactly(gsmId, ucs2Id);
        InboxHttp.Reply sms = http.get("/api/v1/sms");
        assertThat(sms.status()).isEqualTo(200);
        assertThat(sms.contentType()).startsWith("application/json");
        assertThat(sms.json().get("total").asInt()).isEqualTo(2);
        JsonNode newest = sms.json().get("messages").get(0);
        JsonNode oldest = sms.json().get("messages").get(1);
        assertThat(newest.get("message").asString()).isEqualTo(UCS2_TEXT);
        assertThat(newest.get("channel").asString()).isEqualTo("dnd");
        assertThat(newest.get("to").asString()).isEqualTo("+2348039876543");
        assertThat(newest.get("sender_id").asString()).isEqualTo("ACME");
        assertThat(newest.get("id").asString()).isEqualTo(smsc.received().get(1).id());
        assertThat(oldest.get("message").asString()).isEqualTo("Your code is 4821");
        assertThat(oldest.get("channel").asString()).isEqualTo("generic");
        assertThat(Instant.parse(oldest.get("received_at").asString())).isAfterOrEqualTo(before.minusSeconds(1));
    }

    @Test
    void theTextOfAnEmptyShortMessageComesFromTheMessagePayload() throws Exception {
        SMPPSession client = bind(BindType.BIND_TX, PASSWORD, new Receipts());
        String longText = "A long message that travels in the payload TLV. ".repeat(6).strip();

        client.submitShortMessage("dnd", TypeOfNumber.ALPHANUMERIC, NumberingPlanIndicator.UNKNOWN, "ACME",
                TypeOfNumber.INTERNATIONAL, NumberingPlanIndicator.ISDN, "2348031234567", new ESMClass(), (byte) 0, (byte) 0,
                null, null, new RegisteredDelivery(SMSCDeliveryReceipt.DEFAULT), (byte) 0, new GeneralDataCoding(Alphabet.ALPHA_8_BIT),
                (byte) 0, new byte[0], new OptionalParameter.Message_payload(longText.getBytes(StandardCharsets.ISO_8859_1)));

        assertThat(smsc.received()).singleElement().satisfies(sms -> {
            assertThat(sms.message()).isEqualTo(longText);
            assertThat(sms.channel()).isEqualTo("dnd");
        });
    }

    @Test
    void aReceiverGetsTheReceiptsOfWhatATransmitterSubmittedAndFailuresCanBeSimulated() throws Exception {
        Receipts receipts = new Receipts();
        bind(BindType.BIND_RX, PASSWORD, receipts);
        SMPPSession transmitter = bind(BindType.BIND_TX, PASSWORD, new Receipts());
        smsc.receiptStat("UNDELIV");

        String id = submit(transmitter, "", "ACME", "+2348031234567", new GeneralDataCoding(Alphabet.ALPHA_DEFAULT),
                "Unlucky".getBytes(StandardCharsets.ISO_8859_1));

        DeliveryReceipt receipt = receipts.next().getShortMessageAsDeliveryReceipt();
        assertThat(receipt.getId()).isEqualTo(id);
        assertThat(receipt.getFinalStatus()).isEqualTo(DeliveryReceiptState.UNDELIV);
        assertThat(receipt.getDelivered()).isZero();
    }

    @Test
    void severalClientsBindAtOnceButWrongCredentialsAreRefused() throws Exception {
        bind(BindType.BIND_TRX, PASSWORD, new Receipts());
        bind(BindType.BIND_TX, PASSWORD, new Receipts());

        SMPPSession intruder = new SMPPSession();
        assertThatThrownBy(() -> intruder.connectAndBind("127.0.0.1", smsc.port(),
                new BindParameter(BindType.BIND_TRX, SYSTEM_ID, "wrong", "", TypeOfNumber.UNKNOWN, NumberingPlanIndicator.UNKNOWN, null)))
                .isInstanceOf(IOException.class)
                .cause().isInstanceOfSatisfying(NegativeResponseException.class, refused ->
                        assertThat(refused.getCommandStatus()).isIn(SMPPConstant.STAT_ESME_RINVPASWD, SMPPConstant.STAT_ESME_RINVSYSID));
        SMPPSession stranger = new SMPPSession();
        assertThatThrownBy(() -> stranger.connectAndBind("127.0.0.1", smsc.port(),
                new BindParameter(BindType.BIND_TX, "someone", PASSWORD, "", TypeOfNumber.UNKNOWN, NumberingPlanIndicator.UNKNOWN, null)))
                .isInstanceOf(IOException.class)
                .cause().isInstanceOfSatisfying(NegativeResponseException.class, refused ->
                        assertThat(refused.getCommandStatus()).isIn(SMPPConstant.STAT_ESME_RINVPASWD, SMPPConstant.STAT_ESME_RINVSYSID));
    }

    @Test
    void smsPagesAreNewestFirstAndDeletingClearsThem() throws Exception {
        SMPPSession client = bind(BindType.BIND_TX, PASSWORD, new Receipts());
        for (int i = 1; i <= 5; i++) {
            submit(client, "", "ACME", "+23480300000" + i, new GeneralDataCoding(Alphabet.ALPHA_DEFAULT),
                    ("message " + i).getBytes(StandardCharsets.ISO_8859_1));
        }

        JsonNode page = http.get("/api/v1/sms?start=1&limit=2").json();
        assertThat(page.get("total").asInt()).isEqualTo(5);
        assertThat(page.get("messages")).extracting(node -> node.get("message").asString()).containsExactly("message 4", "message 3");
        assertThat(http.get("/api/v1/sms?limit=1001").status()).isEqualTo(400);
        assertThat(http.get("/api/v1/sms?start=-1").json().get("error").asString()).isNotBlank();

        assertThat(http.delete("/api/v1/sms").status()).isEqualTo(200);
        assertThat(smsc.received()).isEmpty();
        assertThat(http.get("/api/v1/sms").json().get("total").asInt()).isZero();
    }

    private SMPPSession bind(BindType type, String password, Receipts receipts) throws IOException {
        SMPPSession session = new SMPPSession();
        session.setMessageReceiverListener(receipts);
        session.connectAndBind("127.0.0.1", smsc.port(),
                new BindParameter(type, SYSTEM_ID, password, "", TypeOfNumber.UNKNOWN, NumberingPlanIndicator.UNKNOWN, null));
        clients.add(session);
        return session;
    }

    private static String submit(SMPPSession client, String serviceType, String from, String to, DataCoding coding, byte[] text)
            throws Exception {
        return client.submitShortMessage(serviceType, TypeOfNumber.ALPHANUMERIC, NumberingPlanIndicator.UNKNOWN, from,
                TypeOfNumber.INTERNATIONAL, NumberingPlanIndicator.ISDN, to, new ESMClass(), (byte) 0, (byte) 1,
                null, null, new RegisteredDelivery(SMSCDeliveryReceipt.SUCCESS_FAILURE), (byte) 0, coding, (byte) 0, text)
                .getMessageId();
    }

    /** The client side's listener: collects the deliver_sm PDUs it is sent. */
    private static final class Receipts implements MessageReceiverListener {
        private final BlockingQueue<DeliverSm> delivered = new LinkedBlockingQueue<>();

        @Override
        public void onAcceptDeliverSm(DeliverSm deliverSm) {
            delivered.add(deliverSm);
        }

        @Override
        public void onAcceptAlertNotification(AlertNotification alertNotification) {
        }

        @Override
        public DataSmResult onAcceptDataSm(DataSm dataSm, Session source) {
            return null;
        }

        DeliverSm next() throws InterruptedException {
            DeliverSm deliverSm = delivered.poll(10, TimeUnit.SECONDS);
            assertThat(deliverSm).as("a delivery receipt within 10 s").isNotNull();
            return deliverSm;
        }
    }
}
