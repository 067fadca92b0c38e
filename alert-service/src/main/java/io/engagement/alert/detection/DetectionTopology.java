package io.engagement.alert.detection;

import io.engagement.alert.rule.RuleDirectory;
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
import java.util.function.BiFunction;

/**
 * telemetry (errors, API calls, page views) + session summaries → the facts an enabled rule uses →
 * re-keyed by organization (one repartition topic, so one task sees all of an organization's facts,
 * in order per source partition) → detection → {@code engagement.alert.v1}: the Kafka Streams
 * binder's {@code detection} function, which it runs as the application {@code alert-detection}
 * (exactly-once; application.yml binds its inputs and output and configures it).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(DetectionSettings.class)
class DetectionTopology {

    /** telemetry, session summaries → alerts */
    @Bean
    BiFunction<KStream<String, String>, KStream<String, String>, KStream<String, String>> detection(
            ObjectMapper json, RuleDirectory rules, DetectionSettings settings) {
        return (telemetry, sessions) -> build(telemetry, sessions, json, rules::enabledRules, settings);
    }

    static KStream<String, String> build(KStream<String, String> telemetry, KStream<String, String> sessionSummaries,
                                         ObjectMapper json, RuleSource rules, DetectionSettings settings) {
        EventReader reader = new EventReader(json);
        KStream<String, String> events = telemetry
                .flatMap((key, value) -> byOrganization(json, Fact.ofTelemetry(reader, value).filter(fact -> used(rules, fact))));
        KStream<String, String> sessions = sessionSummaries
                .flatMap((key, value) -> byOrganization(json, Fact.ofSession(reader, value).filter(fact -> used(rules, fact))));
        return events.merge(sessions)
                .repartition(Repartitioned.<String, String>as("facts-by-organization").withKeySerde(Serdes.String()).withValueSerde(Serdes.String()))
                .process(DetectionProcessor.withStores(json, rules, settings));
    }

    /**
     * Only facts an enabled rule of their organization uses cross the repartition: most telemetry
     * (page views, where no interaction-drop rule watches) stops here instead of being written to
     * and read back from the broker. A rule so counts the facts that arrive once every instance has
     * it among the enabled rules (a write evicts this instance's rule cache at once, the others'
     * within its time to live), as detection itself only ever counted for enabled rules.
     */
    private static boolean used(RuleSource rules, Fact fact) {
        return rules.enabledRules(fact.organizationId()).stream().anyMatch(fact::usedBy);
    }

    private static List<KeyValue<String, String>> byOrganization(ObjectMapper json, Optional<Fact> fact) {
        return fact.map(f -> List.of(KeyValue.pair(Long.toString(f.organizationId()), json.writeValueAsString(f)))).orElse(List.of());
    }
}
