package io.engagement.messaging.email;

import io.engagement.infra.inbox.EmbeddedSmtp;
import io.engagement.infra.inbox.ReceivedMail;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.AlertEmailRequested;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.Topics;
import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.DeadLetters;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The whole service against the real broker and database, with mail to an SMTP server in process:
 * alert e-mail requested on {@link Topics#ALERT_EMAIL} ({@code alertEmails}) and sent through the
 * message queue. Its context is closed after the class: another context of the service would share
 * its consumer groups.
 */
@WithInfrastructure
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class AlertEmailRequestsIT {

    private static final Duration WITHIN = Duration.ofSeconds(60);
    private static final EmbeddedSmtp SMTP = EmbeddedSmtp.start(0);

    private final long organizationId = ThreadLocalRandom.current().nextLong(2_000_000, 3_000_000);
    private final String deliveryId = UUID.randomUUID().toString();
    private final String to = "oncall-" + UUID.randomUUID() + "@example.com";
    private final AlertEmailRequested requested = new AlertEmailRequested(deliveryId, to, "Alert: high error frequency — 3 errors {{in}} s-42",
            "3 errors {{in}} s-42\n\nType: high_error_frequency\nAlert id: a-1\n");

    @Autowired
    private KafkaTemplate<String, String> kafka;
    @Autowired
    private ObjectMapper json;
    @Autowired
    private ReactiveMongoTemplate mongo;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry properties) {
        Infrastructure infrastructure = SharedInfrastructure.get();
        SharedInfrastructure.createTopics(Map.of(Topics.ALERT_EMAIL, Topics.ALL.get(Topics.ALERT_EMAIL),
                Topics.MESSAGE, Topics.ALL.get(Topics.MESSAGE)));
        properties.add("spring.kafka.bootstrap-servers", infrastructure::kafkaBootstrapServers);
        properties.add("spring.mongodb.uri", infrastructure::mongoUri);
        properties.add("spring.mongodb.database", () -> "messaging_alert_email_" + UUID.randomUUID().toString().replace("-", ""));
        properties.add("engagement.internal-token.secret", () -> UUID.randomUUID() + "-" + UUID.randomUUID());
        properties.add("spring.mail.host", () -> "127.0.0.1");
        properties.add("spring.mail.port", SMTP::port);
    }

    @AfterAll
    static void stopSmtp() {
        SMTP.close();
    }

    @Test
    void theSameRequestReadTwiceSendsOneMailAndQueuesOneMessage() throws Exception {
        publish(requested);
        RecordMetadata second = publish(requested);

        await().atMost(WITHIN).until(() -> mailTo(to).size() == 1);
        awaitEverythingRead(second);

        ReceivedMail mail = mailTo(to).get(0);
        // sent as written: no placeholders are filled
        assertThat(mail.subject()).isEqualTo(requested.subject());
        assertThat(mail.text().replace("\r\n", "\n").strip()).isEqualTo(requested.text().strip());
        assertThat(mail.messageId()).isEqualTo(AlertEmailRequests.messageId(organizationId, deliveryId) + "@engagement");
        assertThat(mailTo(to)).hasSize(1);
        List<Document> ledger = ledgerOfTheOrganization();
        assertThat(ledger).hasSize(1);
        assertThat(ledger.get(0)).containsEntry("_id", AlertEmailRequests.messageId(organizationId, deliveryId))
                .containsEntry("status", "sent").containsEntry("attempts", 1)
                .containsEntry("to_email", to).containsEntry("email_type", "alert");
    }

    @Test
    void aRequestReadAgainAfterItsMailWentOutSendsNothing() throws Exception {
        publish(requested);
        await().atMost(WITHIN).until(() -> mailTo(to).size() == 1);

        awaitEverythingRead(publish(requested));

        assertThat(mailTo(to)).hasSize(1);
        assertThat(ledgerOfTheOrganization()).singleElement().satisfies(message -> assertThat(message).containsEntry("status", "sent"));
    }

    @Test
    void aRequestTheSendApiWouldRefuseGoesToTheDeadLettersWithoutItsAddress() throws Exception {
        AlertEmailRequested unaddressed = new AlertEmailRequested(deliveryId, "not-an-address", "Alert", "text");
        RecordMetadata refused = publish(unaddressed);
        publish(requested);

        await().atMost(WITHIN).until(() -> mailTo(to).size() == 1);
        awaitEverythingRead(refused);
        List<ConsumerRecord<String, String>> deadLetters = deadLettersOfTheOrganization(Topics.ALERT_EMAIL + ".dlq");
        assertThat(deadLetters).hasSize(1);
        assertThat(deadLetters.get(0).key()).isEqualTo(organizationId + ":" + deliveryId);
        assertThat(DeadLetters.header(deadLetters.get(0), "kafka_dlt-exception-fqcn")).isEqualTo(UnreadableRecord.class.getName());
        assertThat(DeadLetters.header(deadLetters.get(0), "kafka_dlt-exception-message")).contains("to_email").doesNotContain("not-an-address");
        assertThat(ledgerOfTheOrganization()).hasSize(1);
    }

    // ---- helpers ----

    /** Publishes the request as the alert service does, keyed {@code org:delivery_id}. */
    private RecordMetadata publish(AlertEmailRequested request) {
        EventEnvelope<AlertEmailRequested> envelope = EventEnvelope.of(UUID.randomUUID(), organizationId, Instant.now(), request);
        return kafka.send(Topics.ALERT_EMAIL, EventEnvelope.key(organizationId, request.deliveryId()), json.writeValueAsString(envelope))
                .join().getRecordMetadata();
    }

    /**
     * Until the requests' group has read past {@code request}, and then the delivery group every job
     * on the message queue by then, a job put there twice included.
     */
    private void awaitEverythingRead(RecordMetadata request) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfrastructure.get().kafkaBootstrapServers()))) {
            TopicPartition requests = new TopicPartition(request.topic(), request.partition());
            await().atMost(WITHIN).until(() -> committed(admin, "alert-email", requests) > request.offset());
            Map<TopicPartition, Long> queued = ends(admin, Topics.MESSAGE);
            await().atMost(WITHIN).until(() -> queued.entrySet().stream()
                    .allMatch(end -> end.getValue() == 0 || committed(admin, "message-delivery", end.getKey()) >= end.getValue()));
        }
    }

    private static long committed(Admin admin, String group, TopicPartition partition) {
        try {
            OffsetAndMetadata committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().get(partition);
            return committed == null ? -1 : committed.offset();
        } catch (InterruptedException | ExecutionException unanswered) {
            throw new IllegalStateException(unanswered);
        }
    }

    private static Map<TopicPartition, Long> ends(Admin admin, String topic) throws Exception {
        int partitions = admin.describeTopics(Set.of(topic)).allTopicNames().get().get(topic).partitions().size();
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (int partition = 0; partition < partitions; partition++) {
            latest.put(new TopicPartition(topic, partition), OffsetSpec.latest());
        }
        return admin.listOffsets(latest).all().get().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, end -> end.getValue().offset()));
    }

    private List<ReceivedMail> mailTo(String address) {
        return SMTP.received().stream()
                .filter(mail -> mail.to().stream().anyMatch(recipient -> recipient.address().equalsIgnoreCase(address)))
                .toList();
    }

    private List<Document> ledgerOfTheOrganization() {
        return mongo.find(Query.query(Criteria.where("org").is(organizationId)), Document.class, "email_messages").collectList().block();
    }

    /** Every dead letter of this test's organization, read from the topic's start to its end. */
    private List<ConsumerRecord<String, String>> deadLettersOfTheOrganization(String topic) {
        return DeadLetters.untilNow(topic, record -> record.key() != null && record.key().startsWith(organizationId + ":"));
    }

}
