package io.engagement.messaging.sms;

import io.engagement.messaging.RetentionSweep;
import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.testkit.FreshDatabase;
import org.bson.Document;
import org.jsmpp.bean.DeliverSm;
import org.jsmpp.bean.DeliveryReceipt;
import org.jsmpp.bean.ESMClass;
import org.jsmpp.bean.GSMSpecificFeature;
import org.jsmpp.bean.MessageMode;
import org.jsmpp.bean.MessageType;
import org.jsmpp.extra.ProcessRequestException;
import org.jsmpp.util.DeliveryReceiptState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import reactor.core.publisher.Mono;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Delivery receipts as the SMSC's session threads hand them over, written a batch at a time to the real database. */
class SmsReceiptsIT {

    private static final long ORG = 7;
    private static final int SESSION_THREADS = 3;

    @RegisterExtension
    final FreshDatabase database = new FreshDatabase("receipts");

    private ReactiveMongoTemplate mongo;
    private MessageLedger ledger;
    private SmscIds smscIds;
    private SmsReceipts receipts;

    @BeforeEach
    void start() {
        mongo = database.template();
        OrganizationPolicies policies = new OrganizationPolicies(mongo,
                new EventReader(JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build()), Clock.systemUTC(),
                Duration.ofDays(1));
        MessageLedgers ledgers = new MessageLedgers(mongo, policies, new RetentionSweep(Duration.ofMinutes(1)));
        ledger = ledgers.sms();
        smscIds = new SmscIds(mongo);
        receipts = new SmsReceipts(ledgers, smscIds);
    }

    @AfterEach
    void stop() {
        receipts.destroy();
    }

    @Test
    void receiptsArrivingFasterThanOneWriteTakesAreAllRecorded() throws Exception {
        List<String> ids = submitted(3_000);

        receiveFromSessionThreads(ids, DeliveryReceiptState.DELIVRD);

        // writes take longer than receipts take to gather: those arriving meanwhile wait for the next write
        await().atMost(Duration.ofSeconds(60)).until(() -> count("delivrd") == ids.size());
    }

    @Test
    void receiptsGivenBeforeTheServiceStopsAreWrittenWhenItHasStopped() throws Exception {
        List<String> ids = submitted(500);
        receiveFromSessionThreads(ids.subList(0, 400), DeliveryReceiptState.DELIVRD);
        receiveFromSessionThreads(ids.subList(400, 500), DeliveryReceiptState.UNDELIV);

        receipts.destroy();

        assertThat(count("delivrd")).isEqualTo(400);
        assertThat(count("undeliv")).isEqualTo(100);
        Document failed = mongo.findById(ids.get(450), Document.class, "sms_messages").block();
        assertThat(failed).containsEntry("status", "failed").containsEntry("last_error", "delivery receipt UNDELIV (error 001)");
    }

    @Test
    void aReceiptThatCameBeforeItsSmscIdIsRecordedWhenTheIdIsWrittenWhileTheServiceStops() throws Exception {
        ledger.queue(ORG, List.of("late"), List.of(Map.of("to", "+12015550123"))).block();
        receipts.onAcceptDeliverSm(receipt("smsc-late", DeliveryReceiptState.DELIVRD));
        // the delivery thread finishing its batch writes the SMSC ids as the service stops
        Mono.delay(Duration.ofMillis(300)).then(smscIds.keep(Map.of("smsc-late", "late"))).subscribe();

        receipts.destroy();

        assertThat(mongo.findById("late", Document.class, "sms_messages").block()).containsEntry("delivery_status", "delivrd");
    }

    /** Messages queued, each submitted under an SMSC id {@code smsc-<message id>}. */
    private List<String> submitted(int count) {
        List<String> ids = IntStream.range(0, count).mapToObj(i -> "m" + i).toList();
        List<Map<String, Object>> fields = ids.stream().<Map<String, Object>>map(id -> Map.of("to", "+12015550123")).toList();
        ledger.queue(ORG, ids, fields).block();
        ids.forEach(id -> smscIds.remember("smsc-" + id, id));
        return ids;
    }

    private void receiveFromSessionThreads(List<String> ids, DeliveryReceiptState state) throws Exception {
        ExecutorService sessions = Executors.newFixedThreadPool(SESSION_THREADS);
        try {
            List<Future<?>> handed = new ArrayList<>();
            for (String id : ids) {
                handed.add(sessions.submit(() -> {
                    receipts.onAcceptDeliverSm(receipt("smsc-" + id, state));
                    return null;
                }));
            }
            for (Future<?> each : handed) {
                each.get();
            }
        } finally {
            sessions.shutdown();
        }
    }

    private static DeliverSm receipt(String smscId, DeliveryReceiptState state) throws ProcessRequestException {
        boolean delivered = state == DeliveryReceiptState.DELIVRD;
        DeliverSm deliverSm = new DeliverSm();
        deliverSm.setEsmClass(new ESMClass(MessageMode.DEFAULT, MessageType.SMSC_DEL_RECEIPT, GSMSpecificFeature.DEFAULT).value());
        deliverSm.setShortMessage(new DeliveryReceipt(smscId, 1, delivered ? 1 : 0, new Date(), new Date(), state,
                delivered ? "000" : "001", "hello").toString().getBytes(StandardCharsets.ISO_8859_1));
        return deliverSm;
    }

    private long count(String deliveryStatus) {
        return mongo.count(Query.query(Criteria.where("delivery_status").is(deliveryStatus)), "sms_messages").block();
    }
}
