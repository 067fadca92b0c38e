package io.engagement.messaging.reminder;

import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.Topics;
import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.DeadLetters;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.ObjectMapper;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The whole service against the real broker and database: the contacts reminders go to, kept from
 * the customer topic ({@code reminderContacts}, batch). Everything of a test goes to one partition,
 * so the customer published last (the marker) is read after everything before it. Its context is
 * closed after the class: another context of the service would share its consumer groups.
 */
@WithInfrastructure
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ReminderContactsIT {

    private static final Duration WITHIN = Duration.ofSeconds(60);
    private static final List<String> CUSTOMER_GROUPS = List.of("reminder-contacts", "sms-erasure", "whatsapp-erasure", "email-erasure");

    private final long organizationId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000);

    @Autowired
    private KafkaTemplate<String, String> kafka;
    @Autowired
    private ObjectMapper json;
    @Autowired
    private CustomerContacts contacts;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry properties) {
        Infrastructure infrastructure = SharedInfrastructure.get();
        SharedInfrastructure.createTopics(Map.of(Topics.CUSTOMER, Topics.ALL.get(Topics.CUSTOMER)), Set.of(Topics.CUSTOMER));
        properties.add("spring.kafka.bootstrap-servers", infrastructure::kafkaBootstrapServers);
        properties.add("spring.mongodb.uri", infrastructure::mongoUri);
        properties.add("spring.mongodb.database", () -> "messaging_contacts_" + UUID.randomUUID().toString().replace("-", ""));
        properties.add("engagement.internal-token.secret", () -> UUID.randomUUID() + "-" + UUID.randomUUID());
    }

    @Test
    void anUnreadableRecordGoesToTheDeadLettersWithItsOriginAndTheContactsAroundItAreKept() {
        String poison = "{not json " + UUID.randomUUID();

        publish(created("c-ada", "ada@example.com"));
        long poisonOffset = send(organizationId + ":c-poison", poison);
        send(organizationId + ":c-gone", null);
        publish(created("c-grace", "grace@example.com"));
        publish(erased("c-ada", "ada@example.com"));
        send(organizationId + ":c-ada", null);
        long markerOffset = publish(created("c-marker", "marker@example.com"));

        await().atMost(WITHIN).until(() -> "marker@example.com".equals(contacts.find(organizationId, "c-marker").block().email()));
        assertThat(contacts.find(organizationId, "c-grace").block().email()).isEqualTo("grace@example.com");
        assertThat(contacts.find(organizationId, "c-ada").block().email()).isNull();

        // every binding of the topic has read past the marker: the poison is the one dead letter, the
        // tombstones and the records that are no erasure were passed over
        await().atMost(WITHIN).until(() -> readPast(markerOffset));
        List<ConsumerRecord<String, String>> deadLetters = deadLettersOfTheOrganization(Topics.CUSTOMER + ".dlq");
        assertThat(deadLetters).hasSize(1);
        ConsumerRecord<String, String> deadLetter = deadLetters.get(0);
        assertThat(deadLetter.key()).isEqualTo(organizationId + ":c-poison");
        assertThat(deadLetter.value()).isEqualTo(poison);
        assertThat(DeadLetters.header(deadLetter, "kafka_dlt-original-topic")).isEqualTo(Topics.CUSTOMER);
        assertThat(ByteBuffer.wrap(deadLetter.headers().lastHeader("kafka_dlt-original-offset").value()).getLong())
                .isEqualTo(poisonOffset);
        assertThat(DeadLetters.header(deadLetter, "kafka_dlt-exception-fqcn")).isEqualTo(UnreadableRecord.class.getName());
        assertThat(DeadLetters.header(deadLetter, "kafka_dlt-exception-message")).contains("not JSON");
    }

    // ---- helpers ----

    /** Whether each consumer group of the customer topic has committed partition 0 past the offset. */
    private static boolean readPast(long offset) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                SharedInfrastructure.get().kafkaBootstrapServers()))) {
            for (String group : CUSTOMER_GROUPS) {
                OffsetAndMetadata committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get()
                        .get(new TopicPartition(Topics.CUSTOMER, 0));
                if (committed == null || committed.offset() <= offset) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Every dead letter of this test's organization, read from the topic's start to its end. */
    private List<ConsumerRecord<String, String>> deadLettersOfTheOrganization(String topic) {
        return DeadLetters.untilNow(topic, record -> record.key() != null && record.key().startsWith(organizationId + ":"));
    }


    private Map<String, Object> created(String customerId, String email) {
        return envelope("customer.created", Map.of("customer_id", customerId, "email", email));
    }

    private Map<String, Object> erased(String customerId, String email) {
        return envelope("customer.erased", Map.of("customer_id", customerId, "email", email, "session_ids", List.of()));
    }

    private Map<String, Object> envelope(String type, Map<String, Object> data) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("id", UUID.randomUUID().toString());
        envelope.put("type", type);
        envelope.put("schema_version", 1);
        envelope.put("org_id", organizationId);
        envelope.put("occurred_at", Instant.now().toString());
        envelope.put("data", data);
        return envelope;
    }

    private long publish(Map<String, Object> envelope) {
        @SuppressWarnings("unchecked")
        String customerId = ((Map<String, Object>) envelope.get("data")).get("customer_id").toString();
        return send(organizationId + ":" + customerId, json.writeValueAsString(envelope));
    }

    /** Every record of a test on partition 0, so they are read in the order published; the record's offset. */
    private long send(String key, String value) {
        return kafka.send(Topics.CUSTOMER, 0, key, value).join().getRecordMetadata().offset();
    }
}
