package io.engagement.alert.trigger;

import io.engagement.platform.event.EventReader;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * telemetry + session summaries + customer changes + page collections → re-keyed by organization
 * (one repartition topic, so one task sees an organization's sessions, customers, companies and
 * collections together) → trigger evaluation → {@code engagement.alert.v1}: the Kafka Streams
 * binder's {@code triggers} function, which it runs as the application {@code alert-triggers}
 * (exactly-once; application.yml binds its inputs and output and configures it).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TriggerStreamsSettings.class)
class TriggerTopology {

    /** telemetry → session summaries → customers → page collections → alerts */
    @Bean
    Function<KStream<String, String>, Function<KStream<String, String>, Function<KStream<String, String>,
            Function<KStream<String, String>, KStream<String, String>>>>> triggers(
            ObjectMapper json, TriggerDirectory triggers, TriggerStreamsSettings settings) {
        return telemetry -> sessions -> customers -> collections ->
                build(telemetry, sessions, customers, collections, json, triggers::of, settings);
    }

    static KStream<String, String> build(KStream<String, String> telemetry, KStream<String, String> sessionSummaries,
                                         KStream<String, String> customerChanges, KStream<String, String> pageCollections,
                                         ObjectMapper json, TriggerSource triggers, TriggerStreamsSettings settings) {
        SignalReader reader = new SignalReader(new EventReader(json));
        KStream<String, String> events = telemetry.flatMap((key, value) -> byOrganization(json, reader.telemetry(value)));
        KStream<String, String> sessions = sessionSummaries.flatMap((key, value) -> byOrganization(json, reader.session(value)));
        KStream<String, String> customers = customerChanges
                .flatMap((key, value) -> byOrganization(json, reader.customerTopic(value)));
        KStream<String, String> collections = pageCollections
                .flatMap((key, value) -> byOrganization(json, reader.collectionTopic(value)));
        return events.merge(sessions).merge(customers).merge(collections)
                .repartition(Repartitioned.<String, String>as("trigger-signals-by-organization")
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()))
                .process(TriggerProcessor.withStores(json, triggers, settings));
    }

    private static List<KeyValue<String, String>> byOrganization(ObjectMapper json, Optional<Signal> signal) {
        return signal.map(s -> List.of(KeyValue.pair(Long.toString(s.organizationId()), json.writeValueAsString(RepartitionedSignal.of(s)))))
                .orElse(List.of());
    }
}
