package io.engagement.analytics.activity;

import io.engagement.analytics.session.SessionSettings;
import io.engagement.platform.event.Topics;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The analytics topology in Kafka Streams' own test driver: what it publishes for each input. */
class AnalyticsTopologyTest {

    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final long ORG = 7;

    private TopologyTestDriver driver;
    private TestInputTopic<String, String> telemetry;
    private TestInputTopic<String, String> replay;
    private TestOutputTopic<String, String> sessions;
    private TestOutputTopic<String, String> activity;

    @BeforeEach
    void start() throws Exception {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "analytics-topology-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("topology-test").toString());
        ActivitySettings settings = new ActivitySettings(null, null, null);
        // as the binder builds it: a source per input binding, the function, a sink per output binding
        StreamsBuilder builder = new StreamsBuilder();
        KStream<String, String>[] outputs = ActivityTopology.build(source(builder, Topics.TELEMETRY, "telemetry"),
                source(builder, Topics.REPLAY, "replay"), source(builder, Topics.CUSTOMER, "customers"),
                JSON, settings, new SessionSettings(Duration.ofSeconds(1), null, null), 6);
        outputs[0].to(Topics.PAGE_ACTIVITY, Produced.with(Serdes.String(), Serdes.String()).withName("page-activity"));
        outputs[1].to(Topics.SESSION, Produced.with(Serdes.String(), Serdes.String()).withName("session-summaries"));
        driver = new TopologyTestDriver(builder.build(), properties);
        telemetry = driver.createInputTopic(Topics.TELEMETRY, new StringSerializer(), new StringSerializer());
        replay = driver.createInputTopic(Topics.REPLAY, new StringSerializer(), new StringSerializer());
        sessions = driver.createOutputTopic(Topics.SESSION, new StringDeserializer(), new StringDeserializer());
        activity = driver.createOutputTopic(Topics.PAGE_ACTIVITY, new StringDeserializer(), new StringDeserializer());
    }

    private static KStream<String, String> source(StreamsBuilder builder, String topic, String name) {
        return builder.stream(List.of(topic), Consumed.with(Serdes.String(), Serdes.String()).withName(name));
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    private static String event(String type, String at, String fields) {
        return "{\"org_id\": " + ORG + ", \"type\": \"telemetry." + type + "\", \"data\": {\"event_id\": \"" + UUID.randomUUID()
                + "\", \"type\": \"" + type + "\", \"session_id\": \"s-1\", \"timestamp\": \"" + at + "\"" + fields + "}}";
    }

    private static String event(String session, String type, String at, String fields) {
        return event(type, at, fields).replace("\"session_id\": \"s-1\"", "\"session_id\": \"" + session + "\"");
    }

    private List<JsonNode> summaries() {
        return sessions.readValuesToList().stream().map(JSON::readTree).toList();
    }

    /**
     * An erasure names the customer; the sessions naming their id or e-mail, with changes not yet
     * summarized, are forgotten and get a tombstone, and nobody else's session is touched.
     */
    @Test
    void anErasedCustomersSessionsAreForgottenWithATombstoneEach() {
        TestInputTopic<String, String> customers = driver.createInputTopic(Topics.CUSTOMER, new StringSerializer(), new StringSerializer());
        telemetry.pipeInput(ORG + ":s-1", event("s-1", "identify", "2026-11-20T10:00:00Z", ", \"customer_id\": \"cust-1\""));
        telemetry.pipeInput(ORG + ":s-2", event("s-2", "page_view", "2026-11-20T10:00:00Z",
                ", \"url\": \"https://app.example.com/a\", \"email\": \"Ann@Example.com\""));
        telemetry.pipeInput(ORG + ":s-3", event("s-3", "identify", "2026-11-20T10:00:00Z", ", \"customer_id\": \"cust-2\""));
        driver.advanceWallClockTime(Duration.ofSeconds(2));
        assertThat(sessions.readKeyValuesToList()).hasSize(3);
        telemetry.pipeInput(ORG + ":s-1", event("s-1", "click", "2026-11-20T10:00:05Z", ", \"url\": \"https://app.example.com/a\""));

        customers.pipeInput(ORG + ":cust-1", "{\"org_id\": " + ORG + ", \"type\": \"customer.erased\", \"data\": {\"customer_id\": \"cust-1\","
                + " \"email\": \"ann@example.com\", \"whatsapp_number\": null, \"session_ids\": []}}");
        customers.pipeInput(ORG + ":cust-1", (String) null);
        driver.advanceWallClockTime(Duration.ofSeconds(2));

        var published = sessions.readKeyValuesToList();
        assertThat(published).extracting(record -> record.key).containsExactlyInAnyOrder(ORG + ":s-1", ORG + ":s-2");
        assertThat(published).allSatisfy(record -> assertThat(record.value).isNull());
        telemetry.pipeInput(ORG + ":s-3", event("s-3", "click", "2026-11-20T10:00:06Z", ", \"url\": \"https://app.example.com/a\""));
        driver.advanceWallClockTime(Duration.ofSeconds(2));
        assertThat(summaries()).singleElement().satisfies(summary -> assertThat(summary.at("/data/event_count").asLong()).isEqualTo(2));
    }

    @Test
    void aCustomerRecordThatDoesNotReadAsAnErasureIsPassedOverAndTheErasureAfterItCounts() {
        TestInputTopic<String, String> customers = driver.createInputTopic(Topics.CUSTOMER, new StringSerializer(), new StringSerializer());
        telemetry.pipeInput(ORG + ":s-1", event("s-1", "identify", "2026-11-20T10:00:00Z", ", \"customer_id\": \"cust-1\""));
        driver.advanceWallClockTime(Duration.ofSeconds(2));
        assertThat(sessions.readKeyValuesToList()).hasSize(1);

        customers.pipeInput(ORG + ":cust-1", "{not json customer.erased");
        customers.pipeInput(ORG + ":cust-1", "{\"org_id\": " + ORG + ", \"type\": \"customer.erased\", \"data\": {\"session_ids\": {}}}");
        customers.pipeInput(ORG + ":cust-1", "{\"org_id\": " + ORG + ", \"type\": \"customer.created\", \"data\": {\"customer_id\": \"cust-1\"}}");
        driver.advanceWallClockTime(Duration.ofSeconds(2));
        assertThat(sessions.readKeyValuesToList()).isEmpty();

        customers.pipeInput(ORG + ":cust-1", "{\"org_id\": " + ORG + ", \"type\": \"customer.erased\", \"data\": {\"customer_id\": \"cust-1\"}}");
        driver.advanceWallClockTime(Duration.ofSeconds(2));
        assertThat(sessions.readKeyValuesToList()).singleElement().satisfies(record -> {
            assertThat(record.key).isEqualTo(ORG + ":s-1");
            assertThat(record.value).isNull();
        });
    }

    @Test
    void summarizesAChangedSessionOncePerIntervalWithEveryCount() {
        List<String> events = List.of(
                event("page_view", "2026-11-20T10:00:00Z", ", \"url\": \"https://app.example.com/pricing?x=1\", \"anonymous_id\": \"a-1\""),
                event("click", "2026-11-20T10:00:30Z", ", \"url\": \"https://app.example.com/pricing\""),
                event("console_error", "2026-11-20T10:01:00Z", ", \"url\": \"https://app.example.com/pricing\""),
                event("api_log", "2026-11-20T10:01:10Z", ", \"url\": \"https://app.example.com/pricing\", \"status\": 503, \"duration_ms\": 300"),
                event("api_log", "2026-11-20T10:01:20Z", ", \"url\": \"https://app.example.com/pricing\", \"status\": 200, \"duration_ms\": 100"),
                event("page_view", "2026-11-20T10:05:00Z", ", \"url\": \"https://app.example.com/checkout/\""),
                event("identify", "2026-11-20T10:05:01Z", ", \"customer_id\": \"cust-1\", \"email\": \"ann@example.com\""));
        events.forEach(value -> telemetry.pipeInput(ORG + ":s-1", value));
        replay.pipeInput(ORG + ":s-1", event("replay", "2026-11-20T10:05:02Z", ", \"url\": \"https://app.example.com/checkout\", \"data\": {\"frame\": 1}"));

        driver.advanceWallClockTime(Duration.ofSeconds(2));

        List<JsonNode> published = summaries();
        assertThat(published).hasSize(1);
        JsonNode envelope = published.get(0);
        assertThat(envelope.get("type").asString()).isEqualTo("session.summarized");
        assertThat(envelope.get("org_id").asLong()).isEqualTo(ORG);
        JsonNode summary = envelope.get("data");
        assertThat(summary.get("session_id").asString()).isEqualTo("s-1");
        assertThat(summary.get("customer_id").asString()).isEqualTo("cust-1");
        assertThat(summary.get("anonymous_id").asString()).isEqualTo("a-1");
        assertThat(summary.get("email").asString()).isEqualTo("ann@example.com");
        assertThat(summary.get("started_at").asString()).isEqualTo("2026-11-20T10:00:00Z");
        assertThat(summary.get("last_seen_at").asString()).isEqualTo("2026-11-20T10:05:02Z");
        assertThat(summary.get("channel").asString()).isEqualTo("web");
        assertThat(summary.get("last_url").asString()).isEqualTo("/checkout");
        assertThat(summary.get("last_url_at").asString()).isEqualTo("2026-11-20T10:05:00Z");
        assertThat(summary.get("page_view_count").asLong()).isEqualTo(2);
        assertThat(summary.get("total_error_count").asLong()).isEqualTo(2);
        assertThat(summary.get("api_call_count").asLong()).isEqualTo(2);
        assertThat(summary.get("api_error_rate").asDouble()).isEqualTo(0.5);
        assertThat(summary.get("avg_response_time_ms").asDouble()).isEqualTo(200.0);
        assertThat(summary.get("replay_chunks").asLong()).isEqualTo(1);
        assertThat(summary.get("event_count").asLong()).isEqualTo(8);
        // 302 s active, 2 views, 1 interaction: 100 × (0.4 × 302/600 + 0.3 × 2/5 + 0.3 × 1/20)
        assertThat(summary.get("engagement_score").asDouble()).isEqualTo(33.6);
        // 0.45 × (1 − 0.336) + 0.25 × 2/5 + 0.2 × 0.5
        assertThat(summary.get("churn_risk_score").asDouble()).isEqualTo(0.499);
    }

    @Test
    void aResentEventChangesNothingAndPublishesNothing() {
        String view = event("page_view", "2026-11-20T10:00:00Z", ", \"url\": \"https://app.example.com/a\"");
        telemetry.pipeInput(ORG + ":s-1", view);
        driver.advanceWallClockTime(Duration.ofSeconds(2));
        assertThat(summaries()).hasSize(1);
        assertThat(activity.readValuesToList()).hasSize(1);

        telemetry.pipeInput(ORG + ":s-1", view);
        driver.advanceWallClockTime(Duration.ofSeconds(2));

        assertThat(summaries()).isEmpty();
        assertThat(activity.readValuesToList()).isEmpty();
    }

    @Test
    void aLaterSummaryOfTheSameSessionCarriesTheNewTotals() {
        telemetry.pipeInput(ORG + ":s-1", event("page_view", "2026-11-20T10:00:00Z", ", \"url\": \"https://app.example.com/a\""));
        driver.advanceWallClockTime(Duration.ofSeconds(2));
        telemetry.pipeInput(ORG + ":s-1", event("page_view", "2026-11-20T10:01:00Z", ", \"url\": \"https://app.example.com/b\""));
        driver.advanceWallClockTime(Duration.ofSeconds(2));

        List<JsonNode> published = summaries();
        assertThat(published).extracting(summary -> summary.get("data").get("page_view_count").asLong()).containsExactly(1L, 2L);
        assertThat(published.get(1).get("data").get("last_url").asString()).isEqualTo("/b");
        assertThat(published.get(0).get("id").asString()).isNotEqualTo(published.get(1).get("id").asString());
    }

    @Test
    void anEarlierPageViewArrivingLateDoesNotBecomeTheLastPage() {
        telemetry.pipeInput(ORG + ":s-1", event("page_view", "2026-11-20T10:05:00Z", ", \"url\": \"https://app.example.com/late\""));
        telemetry.pipeInput(ORG + ":s-1", event("page_view", "2026-11-20T10:00:00Z", ", \"url\": \"https://app.example.com/early\""));
        driver.advanceWallClockTime(Duration.ofSeconds(2));

        JsonNode summary = summaries().get(0).get("data");
        assertThat(summary.get("last_url").asString()).isEqualTo("/late");
        assertThat(summary.get("started_at").asString()).isEqualTo("2026-11-20T10:00:00Z");
    }
}
