package io.engagement.alert.trigger;

import io.engagement.platform.event.Topics;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the application {@code alert-triggers} leaves behind for its next start: the records on the
 * repartition topic {@code trigger-signals-by-organization} (one flat JSON object per signal, whatever
 * its kind) and the keys and values of its store. A service started on them counts on from them.
 */
class TriggerLayoutTest {

    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final Instant WALL_CLOCK = Instant.parse("2026-11-20T10:00:05Z");
    /** Billing abandonment on, so a billing page's quick leave waits in the store. */
    private static final TriggerSettings WAITING_LEAVES = JSON.treeToValue(
            ((ObjectNode) JSON.valueToTree(TriggerSettings.DEFAULTS)).set("billing_abandonment",
                    JSON.createObjectNode().put("enabled", true).put("confidence_threshold", 70).put("message", "Need help?")),
            TriggerSettings.class);
    private static final String REPARTITION = "trigger-test-trigger-signals-by-organization-repartition";

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    void everyKindOfSignalKeepsItsFlatLayoutOnTheRepartitionTopic() {
        start();
        TestInputTopic<String, String> telemetry = input(Topics.TELEMETRY);
        TestInputTopic<String, String> sessions = input(Topics.SESSION);
        TestInputTopic<String, String> customers = input(Topics.CUSTOMER);
        TestInputTopic<String, String> collections = input(Topics.COLLECTION);
        telemetry.pipeInput("7:s1", envelope("telemetry.event", "{\"event_id\": \"e1\", \"type\": \"api_log\", \"session_id\": \"s1\", "
                + "\"customer_id\": \"c1\", \"timestamp\": \"2026-11-20T10:00:00Z\", \"url\": \"https://app.example.com/x\", "
                + "\"status\": 503, \"duration_ms\": 12.5}"));
        telemetry.pipeInput("7:s1", envelope("telemetry.event", "{\"type\": \"page_leave\", \"session_id\": \"s1\", "
                + "\"timestamp\": \"2026-11-20T10:00:01.250Z\"}"));
        sessions.pipeInput("7:s1", envelope("session.summarized", "{\"session_id\": \"s1\", \"customer_id\": \"c1\", "
                + "\"started_at\": \"2026-11-20T09:00:00Z\", \"last_seen_at\": \"2026-11-20T10:00:00Z\", \"page_view_count\": 4}"));
        customers.pipeInput("7:x", envelope("customer.created", "{\"customer_id\": \"c1\", \"company_id\": 12}"));
        customers.pipeInput("7:x", envelope("company_metric.set", "{\"company_id\": 12, \"metric_name\": \"seats\", "
                + "\"data_type\": \"NUMBER\", \"value\": \"15\"}"));
        customers.pipeInput("7:x", envelope("settings.activity_segments.changed", "{\"active_days\": 1, \"slightly_active_days\": 2, "
                + "\"dormant_days\": 3}"));
        customers.pipeInput("7:x", envelope("customer.erased", "{\"customer_id\": \"c1\", \"session_ids\": [\"s1\"]}"));
        collections.pipeInput("7:col", envelope("collection.changed", "{\"collection_id\": \"col\", \"page_ids\": [\"p1\"], "
                + "\"url_patterns\": [\"/reports\"]}"));
        collections.pipeInput("7:col", envelope("collection.deleted", "{\"collection_id\": \"col\"}"));

        List<String> carried = driver.createOutputTopic(REPARTITION, new StringDeserializer(), new StringDeserializer()).readValuesToList();

        assertThat(carried).containsExactlyElementsOf("""
                {"kind":"event","organization_id":7,"event_id":"e1","type":"api_log","session_id":"s1","customer_id":"c1","at":"2026-11-20T10:00:00Z","url":"https://app.example.com/x","status":503,"duration_ms":12.5,"started_at":null,"page_view_count":null,"company_id":null,"metric_name":null,"metric_value":null,"segments":null,"collection":null}
                {"kind":"event","organization_id":7,"event_id":null,"type":"page_leave","session_id":"s1","customer_id":null,"at":"2026-11-20T10:00:01.250Z","url":null,"status":null,"duration_ms":null,"started_at":null,"page_view_count":null,"company_id":null,"metric_name":null,"metric_value":null,"segments":null,"collection":null}
                {"kind":"session","organization_id":7,"event_id":null,"type":"session","session_id":"s1","customer_id":"c1","at":"2026-11-20T10:00:00Z","url":null,"status":null,"duration_ms":null,"started_at":"2026-11-20T09:00:00Z","page_view_count":4,"company_id":null,"metric_name":null,"metric_value":null,"segments":null,"collection":null}
                {"kind":"customer","organization_id":7,"event_id":null,"type":"customer","session_id":null,"customer_id":"c1","at":null,"url":null,"status":null,"duration_ms":null,"started_at":null,"page_view_count":null,"company_id":12,"metric_name":null,"metric_value":null,"segments":null,"collection":null}
                {"kind":"metric","organization_id":7,"event_id":null,"type":"metric","session_id":null,"customer_id":null,"at":null,"url":null,"status":null,"duration_ms":null,"started_at":null,"page_view_count":null,"company_id":12,"metric_name":"seats","metric_value":15.0,"segments":null,"collection":null}
                {"kind":"segments","organization_id":7,"event_id":null,"type":"segments","session_id":null,"customer_id":null,"at":null,"url":null,"status":null,"duration_ms":null,"started_at":null,"page_view_count":null,"company_id":null,"metric_name":null,"metric_value":null,"segments":{"active_days":1,"slightly_active_days":2,"dormant_days":3},"collection":null}
                {"kind":"erased","organization_id":7,"event_id":null,"type":"erased","session_id":null,"customer_id":"c1","at":null,"url":null,"status":null,"duration_ms":null,"started_at":null,"page_view_count":null,"company_id":null,"metric_name":null,"metric_value":null,"segments":null,"collection":null}
                {"kind":"collection","organization_id":7,"event_id":null,"type":"collection","session_id":null,"customer_id":null,"at":null,"url":null,"status":null,"duration_ms":null,"started_at":null,"page_view_count":null,"company_id":null,"metric_name":null,"metric_value":null,"segments":null,"collection":{"collection_id":"col","page_ids":["p1"],"url_patterns":["/reports"]}}
                {"kind":"collection_deleted","organization_id":7,"event_id":null,"type":"collection_deleted","session_id":null,"customer_id":null,"at":null,"url":null,"status":null,"duration_ms":null,"started_at":null,"page_view_count":null,"company_id":null,"metric_name":null,"metric_value":null,"segments":null,"collection":{"collection_id":"col","page_ids":[],"url_patterns":[]}}
                """.lines().toList());
    }

    /**
     * Every kind of key in the store, each with the organization, and the values that are not
     * evidence: a company's metric as text, the thresholds and a collection as JSON, a waiting
     * leave's deadline (the wall clock's milliseconds).
     */
    @Test
    void everyKindOfStoreKeyKeepsItsPrefixAndLayout() {
        start();
        input(Topics.CUSTOMER).pipeInput("7:x", envelope("customer.created", "{\"customer_id\": \"c1\", \"company_id\": 12}"));
        input(Topics.CUSTOMER).pipeInput("7:x", envelope("company_metric.set", "{\"company_id\": 12, \"metric_name\": \"seats\", "
                + "\"data_type\": \"NUMBER\", \"value\": \"15\"}"));
        input(Topics.CUSTOMER).pipeInput("7:x", envelope("settings.activity_segments.changed", "{\"active_days\": 1, "
                + "\"slightly_active_days\": 2, \"dormant_days\": 3}"));
        input(Topics.COLLECTION).pipeInput("7:col", envelope("collection.changed", "{\"collection_id\": \"col\", \"page_ids\": [], "
                + "\"url_patterns\": [\"/reports\"]}"));
        input(Topics.SESSION).pipeInput("7:s1", envelope("session.summarized", "{\"session_id\": \"s1\", \"customer_id\": \"c1\", "
                + "\"started_at\": \"2026-11-20T09:00:00Z\", \"last_seen_at\": \"2026-11-20T10:00:00Z\", \"page_view_count\": 4}"));
        input(Topics.TELEMETRY).pipeInput("7:s1", envelope("telemetry.event", "{\"type\": \"page_leave\", \"session_id\": \"s1\", "
                + "\"timestamp\": \"2026-11-20T10:00:00Z\", \"url\": \"https://app.example.com/billing\", \"duration_ms\": 5000}"));

        KeyValueStore<String, String> store = driver.getKeyValueStore(TriggerProcessor.STATE);
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, String> all = store.all()) {
            all.forEachRemaining(entry -> keys.add(entry.key));
        }

        assertThat(keys).containsExactly("c|7|c1", "g|7", "k|7|col", "m|7|12|seats", "p|7|s1", "s|7|s1");
        assertThat(store.get("m|7|12|seats")).isEqualTo("15.0");
        assertThat(store.get("g|7")).isEqualTo("{\"active_days\":1,\"slightly_active_days\":2,\"dormant_days\":3}");
        assertThat(store.get("k|7|col")).isEqualTo("{\"collection_id\":\"col\",\"page_ids\":[],\"url_patterns\":[\"/reports\"]}");
        assertThat(store.get("p|7|s1")).isEqualTo(Long.toString(WALL_CLOCK.plusSeconds(30).toEpochMilli()));
    }

    private void start() {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "trigger-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        StreamsBuilder builder = new StreamsBuilder();
        TriggerTopology.build(source(builder, Topics.TELEMETRY), source(builder, Topics.SESSION), source(builder, Topics.CUSTOMER),
                        source(builder, Topics.COLLECTION), JSON, organization -> WAITING_LEAVES,
                        new TriggerStreamsSettings(Duration.ofSeconds(30), Duration.ofSeconds(1), null, null, null))
                .to(Topics.ALERT, Produced.with(Serdes.String(), Serdes.String()));
        driver = new TopologyTestDriver(builder.build(), properties, WALL_CLOCK);
    }

    private TestInputTopic<String, String> input(String topic) {
        return driver.createInputTopic(topic, new StringSerializer(), new StringSerializer());
    }

    private static KStream<String, String> source(StreamsBuilder builder, String topic) {
        return builder.stream(List.of(topic), Consumed.with(Serdes.String(), Serdes.String()));
    }

    private static String envelope(String type, String data) {
        return "{\"id\": \"00000000-0000-0000-0000-000000000001\", \"type\": \"" + type + "\", \"schema_version\": 1, \"org_id\": 7, "
                + "\"occurred_at\": \"2026-11-20T10:00:00Z\", \"data\": " + data + "}";
    }
}
