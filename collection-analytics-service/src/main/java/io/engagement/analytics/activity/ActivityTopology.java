package io.engagement.analytics.activity;

import io.engagement.analytics.session.SessionSettings;
import io.engagement.analytics.session.SessionTopology;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.function.Function;

/**
 * telemetry (+ replay marks) → distinct events → page activity, and (+ erasures from the customer
 * topic) → session summaries: the Kafka Streams binder's {@code activity} function, which it runs
 * as the application {@code collection-analytics-activity} (exactly-once; application.yml binds
 * its inputs and outputs and configures it).
 *
 * <p>Recording chunks travel on their own topic, whose partitions need not match telemetry's; their
 * marks (the chunk without its recording) are repartitioned by session onto as many partitions as
 * telemetry has, so one task sees all of a session's events.
 */
@Configuration(proxyBeanMethods = false)
class ActivityTopology {

    /** telemetry → replay → customers → [page activity, session summaries] */
    @Bean
    Function<KStream<String, String>, Function<KStream<String, String>, Function<KStream<String, String>, KStream<String, String>[]>>>
    activity(ObjectMapper json, ActivitySettings settings, SessionSettings sessions, KafkaAdmin admin) {
        return telemetry -> replay -> customers ->
                build(telemetry, replay, customers, json, settings, sessions, telemetryPartitions(admin));
    }

    @SuppressWarnings("unchecked")
    static KStream<String, String>[] build(KStream<String, String> telemetry, KStream<String, String> replay, KStream<String, String> customers,
                                           ObjectMapper json, ActivitySettings settings, SessionSettings sessions, int telemetryPartitions) {
        KStream<String, String> replayMarks = replay
                .mapValues(value -> ReplayMarks.of(json, value), Named.as("replay-marks"))
                .filter((key, mark) -> mark != null, Named.as("readable-replay-marks"))
                .repartition(Repartitioned.<String, String>as("replay-by-session")
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()).withNumberOfPartitions(telemetryPartitions));
        KStream<String, JsonNode> distinct = telemetry.merge(replayMarks, Named.as("events"))
                .process(DistinctEvents.withStore(json, settings.dedupWindow()), Named.as("distinct"));

        KStream<String, String> pageActivity = distinct.process(ActivityProcessor.withStore(json, settings.sessionIdle()), Named.as("activity"));
        KStream<String, String> summaries = SessionTopology.summaries(distinct, customers, json, sessions, telemetryPartitions);
        return new KStream[] {pageActivity, summaries};
    }

    /**
     * The topology is built while the context starts, before the topic declarations are applied: on
     * a new broker the telemetry topic is created here, as declared.
     */
    private static int telemetryPartitions(KafkaAdmin admin) {
        admin.createOrModifyTopics(TopicDeclarations.of(Topics.TELEMETRY));
        return admin.describeTopics(Topics.TELEMETRY).get(Topics.TELEMETRY).partitions().size();
    }
}
