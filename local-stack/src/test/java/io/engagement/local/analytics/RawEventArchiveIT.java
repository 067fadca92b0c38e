package io.engagement.local.analytics;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringSerializer;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static io.engagement.local.support.PageAnalytics.at;
import static io.engagement.local.support.PageAnalytics.yesterday;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Raw telemetry kept in MongoDB: one document per session and hour, in one collection per month. */
class RawEventArchiveIT {

    /** The default retentions: raw events 90 days, replay chunks 30, each counted from the document's first write. */
    private static final Duration RAW_EVENT_RETENTION = Duration.ofDays(90);
    private static final Duration REPLAY_RETENTION = Duration.ofDays(30);

    private static RunningSuite suite;
    private static MongoClient mongo;

    private final PageAnalytics site = new PageAnalytics(RunningSuite.get(), RunningSuite.get().createOrganization("Archive " + UUID.randomUUID()));

    @BeforeAll
    static void connect() {
        suite = RunningSuite.get();
        mongo = MongoClients.create(suite.infrastructure.mongoUri());
    }

    @AfterAll
    static void close() {
        mongo.close();
    }

    /**
     * A batch over two hours, sent twice with the same event ids, then a marker in the same session
     * on each topic: each event is archived exactly once, redacted, in its hour's document.
     */
    @Test
    void aSessionsEventsAreArchivedOnceEachInOneDocumentPerHour() {
        LocalDate day = yesterday();
        Instant sent = Instant.now();
        String session = "s-" + UUID.randomUUID();
        ObjectNode view = site.view(session, "/orders", at(day, "10:00"));
        ObjectNode click = site.event("click", session, "/orders", at(day, "10:05")).put("selector", "#refresh");
        ObjectNode call = site.apiCall(session, "/orders?token=abc123", at(day, "10:10"), 200);
        ObjectNode chunk = site.event("replay", session, "/orders", at(day, "10:20"));
        chunk.putObject("data").putArray("frames").add(1).add(2);
        ObjectNode leave = site.leave(session, "/orders", at(day, "10:59:59"), 5_000, 0.4);
        ObjectNode secondView = site.view(session, "/orders/42", at(day, "11:00"));
        ObjectNode error = site.event("console_error", session, "/orders/42", at(day, "11:30")).put("message", "boom");
        List<ObjectNode> batch = List.of(view, click, call, chunk, leave, secondView, error);
        site.send(batch);
        site.send(batch);
        ObjectNode marker = site.event("console_error", session, "/orders/42", at(day, "11:45")).put("message", "marker");
        ObjectNode replayMarker = site.event("replay", session, "/orders", at(day, "10:25"));
        replayMarker.putObject("data").putArray("frames").add(3);
        site.send(List.of(marker, replayMarker));

        Instant ten = at(day, "10:00");
        Instant eleven = at(day, "11:00");
        MongoCollection<Document> month = mongo.getDatabase("engagement_analytics")
                .getCollection("raw_events_" + DateTimeFormatter.ofPattern("yyyyMM").withZone(ZoneOffset.UTC).format(ten));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(eventIds(month, session))
                .contains(id(marker), id(replayMarker)));
        PageAnalytics.settle();
        List<Document> documents = documents(month, session);

        // replay chunks have a document of their own per hour, since they expire sooner than the other events
        assertThat(documents).extracting(document -> document.getString("_id")).containsExactly(
                site.org.id() + ":" + session + ":" + ten.toEpochMilli(),
                site.org.id() + ":" + session + ":" + ten.toEpochMilli() + ":replay",
                site.org.id() + ":" + session + ":" + eleven.toEpochMilli());
        Instant read = Instant.now();
        assertThat(documents).allSatisfy(document -> {
            assertThat(((Number) document.get("organization_id")).longValue()).isEqualTo(site.org.id());
            assertThat(document.getString("session_id")).isEqualTo(session);
            Duration retention = document.getString("_id").endsWith(":replay") ? REPLAY_RETENTION : RAW_EVENT_RETENTION;
            // hours long past: the retention runs from the document's first write
            assertThat(document.getDate("expires_at").toInstant()).isBetween(sent.plus(retention), read.plus(retention));
        });
        assertThat(documents.get(0).getDate("hour")).isEqualTo(Date.from(ten));
        assertThat(documents.get(1).getDate("hour")).isEqualTo(Date.from(ten));
        assertThat(idsIn(documents.get(0))).containsExactlyInAnyOrder(id(view), id(click), id(call), id(leave));
        assertThat(idsIn(documents.get(1))).containsExactlyInAnyOrder(id(chunk), id(replayMarker));
        assertThat(idsIn(documents.get(2))).containsExactlyInAnyOrder(id(secondView), id(error), id(marker));
        Document archivedCall = documents.get(0).getList("events", Document.class).stream()
                .filter(event -> event.getString("event_id").equals(id(call))).findFirst().orElseThrow();
        assertThat(archivedCall.getString("url")).isEqualTo(site.url("/orders?token=[REDACTED]"));
        assertThat(archivedCall.getInteger("status")).isEqualTo(200);
        assertThat(archivedCall.toJson()).doesNotContain("abc123");
    }

    /**
     * A record on the telemetry topic that is no event at all, ahead of a session's events on their
     * partition: each consumer that cannot read it sends it to the topic's dead letters, with the
     * error and where it came from, and goes on to archive the events after it and register their page.
     */
    @Test
    void anUnreadableRecordGoesToTheDeadLettersAndTheEventsAfterItAreArchived() throws Exception {
        LocalDate day = yesterday();
        String session = "s-" + UUID.randomUUID();
        String key = site.org.id() + ":" + session;
        String unreadable = "{not json " + UUID.randomUUID();
        long offset;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, suite.infrastructure.kafkaBootstrapServers()),
                new StringSerializer(), new StringSerializer())) {
            // keyed as ingest keys the session's events, so it is on their partition, before them
            offset = producer.send(new ProducerRecord<>(Topics.TELEMETRY, key, unreadable)).get(30, TimeUnit.SECONDS).offset();
        }
        ObjectNode after = site.view(session, "/after-unreadable", at(day, "10:00"));
        site.send(List.of(after));

        MongoCollection<Document> month = mongo.getDatabase("engagement_analytics")
                .getCollection("raw_events_" + DateTimeFormatter.ofPattern("yyyyMM").withZone(ZoneOffset.UTC).format(at(day, "10:00")));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(eventIds(month, session)).contains(id(after)));
        site.awaitPages("/after-unreadable");
        try (TopicReader deadLetters = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.TELEMETRY + ".dlq")) {
            List<ConsumerRecord<String, String>> letters = deadLetters.awaitMatching(record -> unreadable.equals(record.value()), 2);
            // one from the archive and one from the page registry, each naming why it could not read it
            assertThat(letters).extracting(letter -> header(letter, "kafka_dlt-exception-message"))
                    .anySatisfy(message -> assertThat(message).startsWith("an unreadable raw event"))
                    .anySatisfy(message -> assertThat(message).startsWith("an unreadable telemetry event"));
            assertThat(letters).allSatisfy(letter -> {
                assertThat(letter.key()).isEqualTo(key);
                assertThat(header(letter, "kafka_dlt-original-topic")).isEqualTo(Topics.TELEMETRY);
                assertThat(ByteBuffer.wrap(letter.headers().lastHeader("kafka_dlt-original-offset").value()).getLong()).isEqualTo(offset);
                assertThat(header(letter, "kafka_dlt-exception-fqcn")).isNotBlank();
            });
        }
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    private static List<Document> documents(MongoCollection<Document> month, String session) {
        return month.find(Filters.eq("session_id", session)).sort(Sorts.ascending("hour", "_id")).into(new ArrayList<>());
    }

    private static List<String> eventIds(MongoCollection<Document> month, String session) {
        return documents(month, session).stream().flatMap(document -> idsIn(document).stream()).toList();
    }

    private static List<String> idsIn(Document document) {
        return document.getList("events", Document.class).stream().map(event -> event.getString("event_id")).toList();
    }

    private static String id(ObjectNode event) {
        return event.get("event_id").asString();
    }
}
