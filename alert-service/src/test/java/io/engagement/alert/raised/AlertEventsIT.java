package io.engagement.alert.raised;

import io.engagement.alert.detection.AlertRaised;
import io.engagement.platform.binding.BindingContainers;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.Topics;
import io.engagement.testkit.DeadLetters;
import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The service's consumers against the real broker and database: raised alerts on
 * {@code engagement.alert.v1} are stored, and an erasure on {@code engagement.customer.v1} forgets
 * the customer in them. Everything of a test goes to one partition, so a record published last is
 * consumed after everything before it.
 */
@WithInfrastructure
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AlertEventsIT {

    private static final Duration WITHIN = Duration.ofSeconds(60);

    private final long organizationId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000);
    private final String ruleId = UUID.randomUUID().toString();

    @Autowired
    private KafkaTemplate<String, String> kafka;
    @Autowired
    private ObjectMapper json;
    @Autowired
    private AlertStore alerts;
    @Autowired
    private BindingContainers bindings;
    @Autowired
    private MeterRegistry meters;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry properties) {
        Infrastructure infrastructure = SharedInfrastructure.get();
        SharedInfrastructure.createTopics(Topics.ALL, Topics.COMPACTED);
        properties.add("spring.kafka.bootstrap-servers", infrastructure::kafkaBootstrapServers);
        properties.add("spring.mongodb.uri", infrastructure::mongoUri);
        properties.add("spring.mongodb.database", () -> "alert_events_" + UUID.randomUUID().toString().replace("-", ""));
        properties.add("engagement.internal-token.secret", () -> UUID.randomUUID() + "-" + UUID.randomUUID());
    }

    @BeforeEach
    void bound() {
        await().atMost(WITHIN).until(() -> !bindings.assignedPartitions("alertRaised-in-0").isEmpty()
                && !bindings.assignedPartitions("customerErased-in-0").isEmpty());
    }

    @Test
    void anUnreadableRecordGoesToTheDeadLettersWithItsOriginAndTheAlertAfterItIsStored() {
        String key = organizationId + ":" + ruleId;
        String poison = "{not json " + UUID.randomUUID();
        AlertRaised after = alert(1, null);

        kafka.send(Topics.ALERT, 0, key, null).join();
        kafka.send(Topics.ALERT, 0, key, "{\"type\":\"settings.alert_triggers.changed\",\"org_id\":" + organizationId + ",\"data\":{}}").join();
        long poisonOffset = kafka.send(Topics.ALERT, 0, key, poison).join().getRecordMetadata().offset();
        kafka.send(Topics.ALERT, 0, key, raised(after)).join();

        awaitStored(after.alertId());
        List<ConsumerRecord<String, String>> deadLetters = DeadLetters.await(Topics.ALERT + ".dlq", record -> key.equals(record.key()), 1, WITHIN);
        assertThat(deadLetters).as(() -> reasons(deadLetters)).extracting(ConsumerRecord::value).containsExactly(poison);
        ConsumerRecord<String, String> deadLetter = deadLetters.get(0);
        assertThat(DeadLetters.header(deadLetter, "kafka_dlt-original-topic")).isEqualTo(Topics.ALERT);
        assertThat(DeadLetters.longHeader(deadLetter, "kafka_dlt-original-offset")).isEqualTo(poisonOffset);
        assertThat(DeadLetters.header(deadLetter, "kafka_dlt-exception-message")).contains("unreadable alert record");
        assertThat(meters.get("engagement.events.dead.lettered").tag("binding", "alertRaised-in-0").counter().count()).isPositive();
    }

    @Test
    void anAlertOfAnAbortedTransactionIsNeverStored() {
        AlertRaised aborted = alert(1, null);
        AlertRaised committed = alert(2, null);
        try (KafkaProducer<String, String> producer = transactionalProducer()) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(Topics.ALERT, 0, organizationId + ":" + ruleId, raised(aborted)));
            producer.flush();
            producer.abortTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(Topics.ALERT, 0, organizationId + ":" + ruleId, raised(committed)));
            producer.commitTransaction();
        }

        awaitStored(committed.alertId());
        assertThat(alerts.find(organizationId, aborted.alertId()).blockOptional()).isEmpty();
    }

    @Test
    void anErasedCustomerIsForgottenInTheAlertsAboutThemAndTheTombstoneAfterTheErasureIsPassedOver() {
        String ada = "cust-" + UUID.randomUUID();
        String grace = "cust-" + UUID.randomUUID();
        AlertRaised aboutAda = alert(1, ada);
        AlertRaised aboutGrace = alert(2, grace);
        kafka.send(Topics.ALERT, 0, organizationId + ":" + ruleId, raised(aboutAda)).join();
        kafka.send(Topics.ALERT, 0, organizationId + ":" + ruleId, raised(aboutGrace)).join();
        awaitStored(aboutGrace.alertId());

        kafka.send(Topics.CUSTOMER, 0, organizationId + ":" + ada, erased(ada)).join();
        kafka.send(Topics.CUSTOMER, 0, organizationId + ":" + ada, null).join();
        kafka.send(Topics.CUSTOMER, 0, organizationId + ":" + grace, erased(grace)).join();

        await().atMost(WITHIN).until(() -> alerts.find(organizationId, aboutGrace.alertId()).blockOptional()
                .map(view -> view.subject() == null).orElse(false));
        AlertView forgotten = alerts.find(organizationId, aboutAda.alertId()).block();
        assertThat(forgotten.subject()).isNull();
        assertThat(forgotten.message()).doesNotContain(ada);
        assertThat(forgotten.value()).isEqualTo(aboutAda.value());
        assertThat(meters.get("engagement.events.dead.lettered").tag("binding", "customerErased-in-0").counter().count()).isZero();
    }

    // ---- helpers ----

    private AlertRaised alert(int hoursAgo, String subject) {
        Instant windowStart = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(hoursAgo));
        String type = subject == null ? "high_error_frequency" : "churn_signal";
        String message = subject == null ? "5 errors in an hour" : "churn risk 0.8 for " + subject;
        return new AlertRaised(AlertRaised.idOf(ruleId, windowStart, subject), ruleId, type, message, 5, 5, 80,
                windowStart, windowStart.plus(Duration.ofHours(1)), subject, Instant.now().truncatedTo(ChronoUnit.MILLIS), List.of(), null);
    }

    private String raised(AlertRaised alert) {
        return json.writeValueAsString(new EventEnvelope<>(UUID.randomUUID(), AlertRaised.TYPE, 1, organizationId, alert.raisedAt(), alert));
    }

    private String erased(String customerId) {
        return json.writeValueAsString(EventEnvelope.of(UUID.randomUUID(), organizationId, Instant.now(),
                new CustomerErased(customerId, null, null, List.of())));
    }

    private void awaitStored(String alertId) {
        await().atMost(WITHIN).until(() -> alerts.find(organizationId, alertId).blockOptional().isPresent());
    }

    private static KafkaProducer<String, String> transactionalProducer() {
        return new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfrastructure.get().kafkaBootstrapServers(),
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, "alert-events-it-" + UUID.randomUUID()),
                new StringSerializer(), new StringSerializer());
    }


    private static String reasons(List<ConsumerRecord<String, String>> deadLetters) {
        return deadLetters.stream().map(record -> DeadLetters.header(record, "kafka_dlt-exception-fqcn") + ": " + DeadLetters.header(record, "kafka_dlt-exception-message")).toList().toString();
    }

}
