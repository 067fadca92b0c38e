package io.engagement.alert.trigger;

import io.engagement.alert.rule.QuietHours;
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
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The trigger topology on Kafka Streams' test driver: each trigger from the records that make it match, once. */
class TriggerTopologyTest {

    private static final long ORG = 7;
    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    @TempDir
    Path stateDir;

    private TriggerSettings settings = allOn(70);
    private TopologyTestDriver driver;
    private TestInputTopic<String, String> telemetry;
    private TestInputTopic<String, String> sessions;
    private TestInputTopic<String, String> customers;
    private TestInputTopic<String, String> collections;
    private TestOutputTopic<String, String> alerts;

    private void start() {
        start(Instant.now());
    }

    private void start(Instant wallClock) {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "trigger-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        TriggerStreamsSettings streams = new TriggerStreamsSettings(Duration.ofSeconds(30), Duration.ofSeconds(1), null, null, null);
        // as the binder builds it: a source per input binding, the function, a sink for its output binding
        StreamsBuilder builder = new StreamsBuilder();
        TriggerTopology.build(source(builder, Topics.TELEMETRY), source(builder, Topics.SESSION), source(builder, Topics.CUSTOMER),
                        source(builder, Topics.COLLECTION), JSON, organization -> organization == ORG ? settings : TriggerSettings.DEFAULTS, streams)
                .to(Topics.ALERT, Produced.with(Serdes.String(), Serdes.String()));
        driver = new TopologyTestDriver(builder.build(), properties, wallClock);
        telemetry = driver.createInputTopic(Topics.TELEMETRY, new StringSerializer(), new StringSerializer());
        sessions = driver.createInputTopic(Topics.SESSION, new StringSerializer(), new StringSerializer());
        customers = driver.createInputTopic(Topics.CUSTOMER, new StringSerializer(), new StringSerializer());
        collections = driver.createInputTopic(Topics.COLLECTION, new StringSerializer(), new StringSerializer());
        alerts = driver.createOutputTopic(Topics.ALERT, new StringDeserializer(), new StringDeserializer());
    }

    private static KStream<String, String> source(StreamsBuilder builder, String topic) {
        return builder.stream(List.of(topic), Consumed.with(Serdes.String(), Serdes.String()));
    }

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    void technicalAssistanceFiresOnTheThirdConsoleErrorOncePerSession() {
        start();
        event("s1", "console_error", AT, "{}");
        event("s1", "console_error", AT.plusSeconds(1), "{\"customer_id\": \"c1\"}");
        assertThat(raised()).isEmpty();

        event("s1", "console_error", AT.plusSeconds(2), "{}");
        event("s1", "console_error", AT.plusSeconds(3), "{}");

        List<JsonNode> raised = raised();
        assertThat(raised).hasSize(1);
        JsonNode alert = raised.get(0).get("data");
        assertThat(alert.get("type").asString()).isEqualTo("trigger.technical_assistance");
        assertThat(alert.get("rule_id").isNull()).isTrue();
        assertThat(alert.get("subject").asString()).isEqualTo("c1");
        assertThat(alert.get("value").asDouble()).isEqualTo(3);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(80);
        assertThat(alert.get("message").asString()).isEqualTo("technical_assistance message");
        assertThat(alert.get("window_start").asString()).isEqualTo(AT.toString());
        assertThat(alert.at("/channels/0/type").asString()).isEqualTo("widget");
        assertThat(alert.at("/channels/0/target").asString()).isEqualTo("s1");
    }

    @Test
    void anAlertIsRaisedAtTheWallClockOfTheStreamsApplication() {
        start(AT.plusSeconds(30));
        for (int i = 0; i < 3; i++) {
            event("s1", "console_error", AT.plusSeconds(i), "{}");
        }

        JsonNode raised = raised().get(0);
        assertThat(raised.get("occurred_at").asString()).isEqualTo(AT.plusSeconds(30).toString());
        assertThat(raised.at("/data/raised_at").asString()).isEqualTo(AT.plusSeconds(30).toString());
    }

    @Test
    void aResentEventIsCountedOnceAndAnotherSessionCountsApart() {
        start();
        String id = UUID.randomUUID().toString();
        event("s1", "console_error", AT, "{\"event_id\": \"" + id + "\"}");
        event("s1", "console_error", AT, "{\"event_id\": \"" + id + "\"}");
        event("s1", "console_error", AT.plusSeconds(1), "{}");
        event("s2", "console_error", AT.plusSeconds(2), "{}");

        assertThat(raised()).isEmpty();
    }

    @Test
    void aTriggerBelowItsConfidenceThresholdWaitsForMoreEvidence() {
        settings = allOn(95);
        start();
        for (int i = 0; i < 4; i++) {
            event("s1", "api_log", AT.plusSeconds(i), "{\"status\": 503, \"duration_ms\": 10}");
        }
        assertThat(raised()).isEmpty();

        event("s1", "api_log", AT.plusSeconds(5), "{\"status\": 0, \"duration_ms\": 10}");

        JsonNode alert = raised().get(0).get("data");
        assertThat(alert.get("type").asString()).isEqualTo("trigger.api_failure");
        assertThat(alert.get("confidence").asDouble()).isEqualTo(100);
        assertThat(alert.get("subject").asString()).isEqualTo("s1");
    }

    @Test
    void aDisabledTriggerNeverFires() {
        settings = TriggerSettings.DEFAULTS;
        start();
        for (int i = 0; i < 6; i++) {
            event("s1", "console_error", AT.plusSeconds(i), "{}");
        }
        assertThat(raised()).isEmpty();
    }

    @Test
    void slowActionsFireOnceTheSessionsApiP95IsOverThreeSeconds() {
        start();
        event("s1", "api_log", AT, "{\"status\": 200, \"duration_ms\": 2000}");
        assertThat(raised()).isEmpty();

        event("s1", "api_log", AT.plusSeconds(5), "{\"status\": 200, \"duration_ms\": 4000}");
        event("s1", "api_log", AT.plusSeconds(6), "{\"status\": 200, \"duration_ms\": 5000}");

        JsonNode alert = raised().get(0).get("data");
        assertThat(alert.get("type").asString()).isEqualTo("trigger.slow_failing_actions");
        assertThat(alert.get("value").asDouble()).isEqualTo(4000);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(75);
    }

    @Test
    void aBillingPageLeftQuicklyIsAbandonedWhenNoPageViewFollowsWithinTheWait() {
        start();
        event("s1", "page_view", AT, "{\"url\": \"https://app.example.com/billing\"}");
        event("s1", "page_leave", AT.plusSeconds(10), "{\"url\": \"https://app.example.com/billing\", \"duration_ms\": 10000}");
        driver.advanceWallClockTime(Duration.ofSeconds(10));
        assertThat(raised()).isEmpty();

        driver.advanceWallClockTime(Duration.ofSeconds(25));

        JsonNode alert = raised().get(0).get("data");
        assertThat(alert.get("type").asString()).isEqualTo("trigger.billing_abandonment");
        assertThat(alert.get("value").asDouble()).isEqualTo(10);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(90);
    }

    @Test
    void aPageViewAfterTheLeaveMeansTheUserWentOn() {
        start();
        event("s1", "page_leave", AT.plusSeconds(10), "{\"url\": \"https://app.example.com/pricing\", \"duration_ms\": 5000}");
        event("s1", "page_view", AT.plusSeconds(11), "{\"url\": \"https://app.example.com/signup\"}");
        event("s2", "page_leave", AT.plusSeconds(10), "{\"url\": \"https://app.example.com/checkout\", \"duration_ms\": 45000}");
        event("s3", "page_leave", AT.plusSeconds(10), "{\"url\": \"https://app.example.com/docs\", \"duration_ms\": 1000}");

        driver.advanceWallClockTime(Duration.ofSeconds(60));

        assertThat(raised()).isEmpty();
    }

    @Test
    void onboardingFiresOnceForACustomersFirstSessionAndReEngagementForTheReturnAfterTwoMonths() {
        start();
        Instant first = AT.minus(Duration.ofDays(50));
        session("s1", "c1", first, first.plusSeconds(60), 1);
        session("s1", "c1", first, first.plusSeconds(90), 2);

        List<JsonNode> onboarding = raised();
        assertThat(onboarding).hasSize(1);
        assertThat(onboarding.get(0).at("/data/type").asString()).isEqualTo("trigger.onboarding");
        assertThat(onboarding.get(0).at("/data/subject").asString()).isEqualTo("c1");
        assertThat(onboarding.get(0).at("/data/confidence").asDouble()).isEqualTo(70);

        session("s2", "c1", AT, AT.plusSeconds(5), 1);
        session("s2", "c1", AT, AT.plusSeconds(9), 2);

        List<JsonNode> returned = raised();
        assertThat(returned).hasSize(1);
        JsonNode alert = returned.get(0).get("data");
        assertThat(alert.get("type").asString()).isEqualTo("trigger.re_engagement");
        assertThat(alert.get("value").asDouble()).isEqualTo(50);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(90);
        assertThat(alert.at("/channels/0/target").asString()).isEqualTo("s2");
    }

    @Test
    void reEngagementFollowsTheOrganizationsSegmentThresholds() {
        start();
        customerEvent("settings.activity_segments.changed", "{\"active_days\": 1, \"slightly_active_days\": 2, \"dormant_days\": 3}");
        Instant first = AT.minus(Duration.ofDays(5));
        session("s1", "c1", first, first.plusSeconds(60), 0);
        session("s2", "c1", AT, AT.plusSeconds(5), 1);

        List<JsonNode> raised = raised();
        assertThat(raised).extracting(alert -> alert.at("/data/type").asString()).containsExactly("trigger.re_engagement");
        assertThat(raised.get(0).at("/data/threshold").asDouble()).isEqualTo(2);
        assertThat(raised.get(0).at("/data/confidence").asDouble()).isEqualTo(100);
    }

    @Test
    void upsellFiresOnceWhenTheCustomersCompanyHasTheMetricAtOrOverTheValue() {
        start();
        customerEvent("customer.created", "{\"customer_id\": \"c1\", \"company_id\": 12}");
        customerEvent("company_metric.set", "{\"company_id\": 12, \"metric_name\": \"seats\", \"data_type\": \"NUMBER\", \"value\": \"9\"}");
        session("s1", "c1", AT, AT.plusSeconds(5), 0);
        assertThat(raised()).isEmpty();

        customerEvent("company_metric.set", "{\"company_id\": 12, \"metric_name\": \"seats\", \"data_type\": \"NUMBER\", \"value\": \"15\"}");
        session("s1", "c1", AT, AT.plusSeconds(9), 0);
        session("s1", "c1", AT, AT.plusSeconds(19), 0);

        List<JsonNode> raised = raised();
        assertThat(raised).hasSize(1);
        assertThat(raised.get(0).at("/data/type").asString()).isEqualTo("trigger.upsell");
        assertThat(raised.get(0).at("/data/value").asDouble()).isEqualTo(15);
        assertThat(raised.get(0).at("/data/threshold").asDouble()).isEqualTo(10);
        assertThat(raised.get(0).at("/data/confidence").asDouble()).isEqualTo(85);
    }

    @Test
    void recordsThatDoNotReadAsTheirEventsArePassedOverAndTheRecordsAfterThemCount() {
        start();
        customers.pipeInput(ORG + ":x", "{not json");
        customers.pipeInput(ORG + ":x", (String) null);
        customerEvent("customer.created", "{\"customer_id\": \"c1\", \"company_id\": \"twelve\"}");
        sessions.pipeInput(ORG + ":s1", "{not json");
        sessions.pipeInput(ORG + ":s1", envelope("session.summarized", JSON.createObjectNode().put("started_at", "yesterday")));
        collections.pipeInput(ORG + ":col-reports", "[]");
        customerEvent("customer.created", "{\"customer_id\": \"c1\", \"company_id\": 12}");
        customerEvent("company_metric.set", "{\"company_id\": 12, \"metric_name\": \"seats\", \"data_type\": \"NUMBER\", \"value\": \"15\"}");
        session("s1", "c1", AT, AT.plusSeconds(5), 0);

        assertThat(raised()).extracting(alert -> alert.at("/data/type").asString()).containsExactly("trigger.upsell");
    }

    @Test
    void telemetryThatDoesNotReadAsAnEventIsPassedOverAndTheEventsAfterItCount() {
        start();
        telemetry.pipeInput(ORG + ":s1", "{not json");
        telemetry.pipeInput(ORG + ":s1", (String) null);
        telemetry.pipeInput(ORG + ":s1", "{\"type\": \"console_error\", \"data\": {\"type\": \"console_error\", \"session_id\": \"s1\"}}");
        telemetry.pipeInput(ORG + ":s1", envelope("console_error", JSON.createObjectNode().put("type", "console_error")
                .put("session_id", "s1").put("timestamp", "yesterday")));
        telemetry.pipeInput(ORG + ":s1", envelope("console_error", JSON.createObjectNode().put("type", "console_error")
                .put("session_id", "").put("timestamp", AT.toString())));
        event("s1", "console_error", AT.plusSeconds(1), "{}");
        event("s1", "console_error", AT.plusSeconds(2), "{}");
        assertThat(raised()).isEmpty();

        event("s1", "console_error", AT.plusSeconds(3), "{}");

        assertThat(raised()).singleElement().satisfies(alert -> {
            assertThat(alert.at("/data/type").asString()).isEqualTo("trigger.technical_assistance");
            assertThat(alert.at("/data/value").asDouble()).isEqualTo(3);
        });
    }

    @Test
    void theQuietHoursTravelWithTheAlert() {
        settings = withQuietHours(allOn(70), new QuietHours("Africa/Lagos", "22:00", "07:00"));
        start();
        for (int i = 0; i < 3; i++) {
            event("s1", "console_error", AT.plusSeconds(i), "{}");
        }

        assertThat(raised().get(0).at("/data/quiet_hours/timezone").asString()).isEqualTo("Africa/Lagos");
    }

    @Test
    void featureDiscoveryFiresOnceForACustomerOfTwentyDaysWhoNeverViewedTheCollection() {
        settings = discovering("col-reports");
        start();
        collectionEvent("collection.changed", "{\"collection_id\": \"col-reports\", \"name\": \"Reports\", \"page_ids\": [], "
                + "\"url_patterns\": [\"/reports\"]}");
        Instant first = AT.minus(Duration.ofDays(20));
        session("s1", "c1", first, first.plusSeconds(60), 1);
        event("s1", "page_view", first.plusSeconds(10), "{\"customer_id\": \"c1\", \"url\": \"https://app.example.com/settings\"}");
        assertThat(discoveries()).isEmpty();

        session("s2", "c1", AT, AT.plusSeconds(5), 1);
        session("s2", "c1", AT, AT.plusSeconds(9), 2);
        session("s3", "c1", AT.plusSeconds(3600), AT.plusSeconds(3700), 1);

        List<JsonNode> raised = discoveries();
        assertThat(raised).hasSize(1);
        JsonNode alert = raised.get(0).get("data");
        assertThat(alert.get("subject").asString()).isEqualTo("c1");
        assertThat(alert.get("value").asDouble()).isEqualTo(20);
        assertThat(alert.get("threshold").asDouble()).isEqualTo(14);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(82.86);
        assertThat(alert.at("/channels/0/target").asString()).isEqualTo("s2");
    }

    @Test
    void featureDiscoveryStaysQuietForACustomerWhoViewedAPageOfTheCollection() {
        settings = discovering("col-reports");
        start();
        collectionEvent("collection.changed", "{\"collection_id\": \"col-reports\", \"name\": \"Reports\", \"page_ids\": [], "
                + "\"url_patterns\": [\"reports\"]}");
        Instant first = AT.minus(Duration.ofDays(20));
        session("s1", "c1", first, first.plusSeconds(60), 1);
        event("s1", "page_view", first.plusSeconds(10), "{\"customer_id\": \"c1\", \"url\": \"https://app.example.com/reports/weekly\"}");
        session("s2", "c1", AT, AT.plusSeconds(5), 1);

        assertThat(discoveries()).isEmpty();
    }

    @Test
    void aCollectionPublishedAfterACustomersFirstViewsCountsTheirLaterViews() {
        settings = discovering("col-reports");
        start();
        Instant first = AT.minus(Duration.ofDays(20));
        session("s1", "c1", first, first.plusSeconds(60), 1);
        event("s1", "page_view", first.plusSeconds(10), "{\"customer_id\": \"c1\", \"url\": \"https://app.example.com/settings\"}");
        collectionEvent("collection.changed", "{\"collection_id\": \"col-reports\", \"name\": \"Reports\", \"page_ids\": [], "
                + "\"url_patterns\": [\"reports\"]}");
        event("s1", "page_view", first.plusSeconds(20), "{\"customer_id\": \"c1\", \"url\": \"https://app.example.com/reports/weekly\"}");
        session("s2", "c1", AT, AT.plusSeconds(5), 1);

        assertThat(discoveries()).as("c1 viewed a page of col-reports once it was known").isEmpty();
    }

    @Test
    void featureDiscoveryWaitsForFourteenDaysAndForAKnownCollection() {
        settings = discovering("col-reports");
        start();
        Instant first = AT.minus(Duration.ofDays(20));
        session("s1", "c1", first, first.plusSeconds(60), 1);
        session("s2", "c1", AT, AT.plusSeconds(5), 1);
        assertThat(discoveries()).as("no membership of col-reports is known yet").isEmpty();

        collectionEvent("collection.changed", "{\"collection_id\": \"col-reports\", \"name\": \"Reports\", \"page_ids\": [], "
                + "\"url_patterns\": [\"/reports\"]}");
        Instant recent = AT.minus(Duration.ofDays(10));
        session("t1", "c2", recent, recent.plusSeconds(60), 1);
        session("t2", "c2", AT, AT.plusSeconds(5), 1);
        assertThat(discoveries()).as("c2 is ten days in").isEmpty();

        collectionEvent("collection.deleted", "{\"collection_id\": \"col-reports\", \"name\": \"Reports\", \"page_ids\": [], "
                + "\"url_patterns\": [\"/reports\"]}");
        session("s3", "c1", AT.plusSeconds(3600), AT.plusSeconds(3700), 1);
        assertThat(discoveries()).as("col-reports was deleted").isEmpty();
    }

    @Test
    void reEngagementIsMarkedOnItsSessionAndTheMarkIsForgottenWithTheSession() {
        start(AT);
        customerEvent("settings.activity_segments.changed", "{\"active_days\": 1, \"slightly_active_days\": 2, \"dormant_days\": 3}");
        List<String> returns = List.of("s2", "s3", "s4", "s5");
        session("s1", "c1", AT.minus(Duration.ofDays(40)), AT.minus(Duration.ofDays(40)).plusSeconds(60), 1);
        for (int i = 0; i < returns.size(); i++) {
            Instant started = AT.minus(Duration.ofDays(30 - 10L * i));
            session(returns.get(i), "c1", started, started.plusSeconds(60), 1);
            session(returns.get(i), "c1", started, started.plusSeconds(90), 2);
        }

        assertThat(raised()).filteredOn(alert -> alert.at("/data/type").asString().equals("trigger.re_engagement"))
                .extracting(alert -> alert.at("/data/channels/0/target").asString()).containsExactlyElementsOf(returns);
        assertThat(stored("c|" + ORG + "|c1").get("fired")).as("the customer keeps no mark per session")
                .extracting(JsonNode::asString).containsExactly("onboarding");
        assertThat(stored("s|" + ORG + "|s5").get("fired")).extracting(JsonNode::asString).containsExactly("re_engagement");

        // the hourly purge forgets the sessions that started more than seven days ago, marks and all
        driver.advanceWallClockTime(Duration.ofHours(1));

        assertThat(storedKeys("s|")).containsExactly("s|" + ORG + "|s5");
        session("s5", "c1", AT, AT.plusSeconds(120), 3);
        assertThat(raised()).as("still once per session").isEmpty();

        driver.advanceWallClockTime(Duration.ofDays(7));

        assertThat(storedKeys("s|")).isEmpty();
        assertThat(stored("c|" + ORG + "|c1").get("fired")).extracting(JsonNode::asString).containsExactly("onboarding");
    }

    @Test
    void anErasedCustomerIsForgottenWithTheEvidenceAndMarksOfTheirSessions() {
        start(AT);
        session("s1", "c1", AT, AT.plusSeconds(60), 1);
        for (int i = 0; i < 3; i++) {
            event("s1", "console_error", AT.plusSeconds(i), "{\"customer_id\": \"c1\"}");
        }
        event("s2", "page_leave", AT.plusSeconds(10), "{\"customer_id\": \"c1\", \"url\": \"https://app.example.com/billing\", "
                + "\"duration_ms\": 5000}");
        session("t1", "c2", AT, AT.plusSeconds(60), 1);
        assertThat(storedKeys("p|")).containsExactly("p|" + ORG + "|s2");

        customerEvent("customer.erased", "{\"customer_id\": \"c1\", \"email\": \"c1@example.com\", \"session_ids\": [\"s1\"]}");

        assertThat(storedKeys("c|")).containsExactly("c|" + ORG + "|c2");
        assertThat(storedKeys("s|")).containsExactly("s|" + ORG + "|t1");
        assertThat(storedKeys("p|")).isEmpty();
    }

    private KeyValueStore<String, String> store() {
        return driver.getKeyValueStore(TriggerProcessor.STATE);
    }

    private JsonNode stored(String key) {
        String value = store().get(key);
        assertThat(value).as(key).isNotNull();
        return JSON.readTree(value);
    }

    private List<String> storedKeys(String prefix) {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, String> all = store().prefixScan(prefix, new StringSerializer())) {
            all.forEachRemaining(entry -> keys.add(entry.key));
        }
        return keys;
    }

    private static TriggerSettings discovering(String... collectionIds) {
        ObjectNode tree = (ObjectNode) JSON.valueToTree(TriggerSettings.DEFAULTS);
        ObjectNode discovery = ((ObjectNode) tree.get("feature_discovery")).put("enabled", true).put("message", "Try reports");
        discovery.set("collection_ids", JSON.valueToTree(List.of(collectionIds)));
        return JSON.treeToValue(tree, TriggerSettings.class);
    }

    private void collectionEvent(String type, String data) {
        collections.pipeInput(ORG + ":" + JSON.readTree(data).get("collection_id").asString(), envelope(type, JSON.readTree(data)));
    }

    private List<JsonNode> discoveries() {
        return raised().stream().filter(alert -> alert.at("/data/type").asString().equals("trigger.feature_discovery")).toList();
    }

    private static TriggerSettings allOn(double confidenceThreshold) {
        ObjectNode tree = (ObjectNode) JSON.valueToTree(TriggerSettings.DEFAULTS);
        TriggerName.ALL.forEach(name -> ((ObjectNode) tree.get(name)).put("enabled", !name.equals("feature_discovery"))
                .put("confidence_threshold", confidenceThreshold).put("message", name + " message"));
        ((ObjectNode) tree.get("upsell")).put("metric", "seats").put("value", 10);
        return JSON.treeToValue(tree, TriggerSettings.class);
    }

    private static TriggerSettings withQuietHours(TriggerSettings settings, QuietHours quiet) {
        ObjectNode tree = (ObjectNode) JSON.valueToTree(settings);
        tree.set("quiet_hours", JSON.valueToTree(quiet));
        return JSON.treeToValue(tree, TriggerSettings.class);
    }

    private void event(String session, String type, Instant at, String extra) {
        ObjectNode data = (ObjectNode) JSON.readTree(extra);
        data.put("type", type).put("session_id", session).put("timestamp", at.toString());
        if (!data.has("url")) {
            data.put("url", "https://app.example.com/x");
        }
        if (!data.has("event_id")) {
            data.put("event_id", UUID.randomUUID().toString());
        }
        telemetry.pipeInput(ORG + ":" + session, envelope("telemetry.event", data));
    }

    private void session(String session, String customer, Instant started, Instant lastSeen, long pageViews) {
        ObjectNode data = JSON.createObjectNode().put("session_id", session).put("customer_id", customer)
                .put("started_at", started.toString()).put("last_seen_at", lastSeen.toString()).put("channel", "web")
                .put("page_view_count", pageViews).put("total_error_count", 0).put("api_call_count", 0).put("api_error_count", 0)
                .put("api_error_rate", 0).put("avg_response_time_ms", 0).put("engagement_score", 10).put("churn_risk_score", 0.1)
                .put("replay_chunks", 0).put("event_count", pageViews + 1);
        sessions.pipeInput(ORG + ":" + session, envelope("session.summarized", data));
    }

    private void customerEvent(String type, String data) {
        customers.pipeInput(ORG + ":x", envelope(type, JSON.readTree(data)));
    }

    private static String envelope(String type, JsonNode data) {
        ObjectNode envelope = JSON.createObjectNode().put("id", UUID.randomUUID().toString()).put("type", type).put("schema_version", 1)
                .put("org_id", ORG).put("occurred_at", AT.toString());
        envelope.set("data", data);
        return envelope.toString();
    }

    private List<JsonNode> raised() {
        return alerts.readValuesToList().stream().map(JSON::readTree).toList();
    }
}
