package io.engagement.local.messaging;

import io.engagement.infra.inbox.ReceivedMail;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Mail;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.engagement.local.support.Routes.EMAIL_BULK;
import static io.engagement.local.support.Routes.EMAIL_SEND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Email through the gateway, delivered over real SMTP to the embedded server. */
class TransactionalEmailIT {

    static final String TEMPLATES = "/external/v1/transactional-email/templates";

    private final RunningSuite suite = RunningSuite.get();
    private final Mail mail = new Mail(suite, suite.createOrganization("Mail " + UUID.randomUUID()));

    @Test
    void aSendIsAnsweredOnceQueuedAndArrivesOverSmtp() {
        String to = mail.address();
        Answer sent = mail.send("""
                {"to_email": "%s", "to_name": "Ann", "subject": "Your code {{otp_code}}", "email_type": "otp",
                 "html_content": "<p>Code: <b>{{otp_code}}</b> for {{name}}</p>", "text_content": "Code: {{otp_code}}",
                 "merge_data": {"otp_code": "123456", "name": "<Ann & Bob>"}, "cc": ["copy-%s"], "bcc": ["blind-%s"],
                 "extra_metadata": {"trace": {"id": 7}}}""".formatted(to, to, to));

        assertThat(sent.status()).isEqualTo(200);
        assertThat(sent.json().get("status").asString()).isEqualTo("queued");
        assertThat(sent.json().get("to_email").asString()).isEqualTo(to);
        assertThat(sent.json().get("email_type").asString()).isEqualTo("otp");
        assertThat(sent.json().get("merge_data").get("otp_code").asString()).isEqualTo("123456");
        assertThat(sent.json().get("extra_metadata").get("trace").get("id").asInt()).isEqualTo(7);
        assertThat(sent.json().has("template_uid")).isTrue();

        String id = sent.json().get("message_id").asString();
        JsonNode status = mail.awaitStatus(id, "sent");
        assertThat(status.get("attempts").asInt()).isEqualTo(1);
        assertThat(status.get("subject").asString()).isEqualTo("Your code 123456");

        ReceivedMail received = mail.awaitDelivered(id);
        assertThat(received.subject()).isEqualTo("Your code 123456");
        assertThat(received.html()).contains("<b>123456</b>").contains("&lt;Ann &amp; Bob&gt;");
        assertThat(received.text()).contains("Code: 123456");
        assertThat(received.to()).extracting(ReceivedMail.Address::address).containsExactly(to);
        assertThat(received.cc()).extracting(ReceivedMail.Address::address).containsExactly("copy-" + to);
        assertThat(received.bcc()).extracting(ReceivedMail.Address::address).containsExactly("blind-" + to);
    }

    @Test
    void mergeDataMayBeAJsonEncodedObject() {
        Answer sent = mail.send("""
                {"to_email": "%s", "subject": "Hi {{name}}", "text_content": "Hello {{name}}",
                 "merge_data": "{\\"name\\": \\"Zoe\\"}"}""".formatted(mail.address()));

        assertThat(sent.status()).isEqualTo(200);
        assertThat(mail.awaitDelivered(sent.json().get("message_id").asString()).subject()).isEqualTo("Hi Zoe");
    }

    @Test
    void aPlaceholderWithoutAValueIsRefusedByName() {
        Answer refused = mail.send("""
                {"to_email": "%s", "subject": "Code {{otp_code}}", "html_content": "{{greeting}} {{otp_code}}",
                 "merge_data": {"otp_code": "1"}}""".formatted(mail.address()));

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).containsExactly(List.of("body", "merge_data", "greeting"));
        assertThat(refused.json().get("detail").get(0).get("msg").asString()).contains("{{greeting}}");
    }

    @Test
    void addressesSubjectAndABodyAreChecked() {
        Answer refused = mail.send("""
                {"to_email": "not-an-address", "cc": ["fine@example.com", "bad@"], "reply_to": "nope"}""");

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).contains(List.of("body", "to_email"), List.of("body", "cc", 1), List.of("body", "reply_to"));

        Answer noBody = mail.send("{\"to_email\": \"%s\"}".formatted(mail.address()));
        assertThat(noBody.locs()).contains(List.of("body"), List.of("body", "subject"));
        assertThat(noBody.json().get("detail").get(0).get("type").asString()).isEqualTo("value_error");
    }

    @Test
    void aBulkSendQueuesEveryEmailAndEachArrivesOnce() {
        List<String> recipients = List.of(mail.address(), mail.address(), mail.address());
        Answer accepted = suite.post(EMAIL_BULK, """
                {"emails": [%s]}""".formatted(String.join(",", recipients.stream()
                        .map(to -> "{\"to_email\": \"%s\", \"subject\": \"Bulk\", \"text_content\": \"Hello {{n}}\", \"merge_data\": {\"n\": \"%s\"}}"
                                .formatted(to, to))
                        .toList())), "X-Transactional-Key", mail.org().transactionalKey());

        assertThat(accepted.status()).isEqualTo(200);
        assertThat(accepted.json().get("accepted").asInt()).isEqualTo(3);
        JsonNode messages = accepted.json().get("messages");
        for (int i = 0; i < 3; i++) {
            assertThat(messages.get(i).get("to_email").asString()).isEqualTo(recipients.get(i));
            assertThat(messages.get(i).get("status").asString()).isEqualTo("queued");
            ReceivedMail received = mail.awaitDelivered(messages.get(i).get("message_id").asString());
            assertThat(received.text()).contains("Hello " + recipients.get(i));
        }
    }

    @Test
    void aBulkSendIsRefusedWholeWithTheFaultyElementLocated() {
        Answer refused = suite.post(EMAIL_BULK, """
                {"emails": [{"to_email": "%s", "subject": "ok", "text_content": "ok"}, {"to_email": "broken", "subject": "x", "text_content": "x"}]}"""
                .formatted(mail.address()), "X-Transactional-Key", mail.org().transactionalKey());
        Answer empty = suite.post(EMAIL_BULK, "{\"emails\": []}", "X-Transactional-Key", mail.org().transactionalKey());
        String tooMany = "{\"emails\": [" + String.join(",", java.util.Collections.nCopies(1001,
                "{\"to_email\": \"a@example.com\", \"subject\": \"s\", \"text_content\": \"t\"}")) + "]}";
        Answer overLimit = suite.post(EMAIL_BULK, tooMany, "X-Transactional-Key", mail.org().transactionalKey());

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).containsExactly(List.of("body", "emails", 1, "to_email"));
        assertThat(empty.status()).isEqualTo(422);
        assertThat(overLimit.status()).isEqualTo(422);
        assertThat(overLimit.json().get("detail").get(0).get("type").asString()).isEqualTo("too_long");
    }

    @Test
    void aTemplatesFieldFaultsAndItsMustacheFaultsAreReportedInOneAnswer() {
        Answer refused = suite.post(TEMPLATES, """
                {"uid": "bad uid", "subject": "Hi {{#name}}", "text": "stray {{/items}}"}""", "X-Transactional-Key", mail.org().transactionalKey());

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.locs()).containsExactly(List.of("body", "uid"), List.of("body", "subject"), List.of("body", "text"));
    }

    @Test
    void aTemplateIsFilledFromMergeDataAndManagedLikeAnyResource() {
        String uid = "welcome-" + UUID.randomUUID();
        Answer created = suite.post(TEMPLATES, """
                {"uid": "%s", "name": "Welcome", "subject": "Welcome {{name}}", "html": "<h1>Hi {{name}}</h1>", "text": "Hi {{name}}"}"""
                .formatted(uid), "X-Transactional-Key", mail.org().transactionalKey());
        Answer duplicate = suite.post(TEMPLATES, "{\"uid\": \"%s\", \"text\": \"x\"}".formatted(uid),
                "X-Transactional-Key", mail.org().transactionalKey());
        Answer sent = mail.send("""
                {"to_email": "%s", "template_uid": "%s", "merge_data": {"name": "<Sam>"}}""".formatted(mail.address(), uid));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("uid").asString()).isEqualTo(uid);
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(sent.status()).isEqualTo(200);
        ReceivedMail received = mail.awaitDelivered(sent.json().get("message_id").asString());
        assertThat(received.subject()).isEqualTo("Welcome <Sam>");
        assertThat(received.html()).contains("<h1>Hi &lt;Sam&gt;</h1>");

        Answer updated = suite.put(TEMPLATES + "/" + uid, "{\"subject\": \"Hello {{name}}\", \"text\": \"Bye\"}",
                "X-Transactional-Key", mail.org().transactionalKey());
        assertThat(updated.status()).isEqualTo(200);
        assertThat(suite.get(TEMPLATES + "/" + uid, "X-Transactional-Key", mail.org().transactionalKey()).json()
                .get("subject").asString()).isEqualTo("Hello {{name}}");
        assertThat(suite.get(TEMPLATES, "X-Transactional-Key", mail.org().transactionalKey()).json().size()).isEqualTo(1);
        assertThat(suite.delete(TEMPLATES + "/" + uid, "X-Transactional-Key", mail.org().transactionalKey()).status()).isEqualTo(204);
        assertThat(suite.get(TEMPLATES + "/" + uid, "X-Transactional-Key", mail.org().transactionalKey()).status()).isEqualTo(404);

        Answer unknown = mail.send("{\"to_email\": \"%s\", \"template_uid\": \"%s\"}".formatted(mail.address(), uid));
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.locs()).containsExactly(List.of("body", "template_uid"));
    }

    @Test
    void anotherOrganizationsTemplatesAndMessagesAreNotFound() {
        Mail other = new Mail(suite, suite.createOrganization("Other mail " + UUID.randomUUID()));
        Answer sent = mail.send("{\"to_email\": \"%s\", \"subject\": \"s\", \"text_content\": \"t\"}".formatted(mail.address()));

        Answer foreign = suite.get("/external/v1/transactional-email/messages/" + sent.json().get("message_id").asString(),
                "X-Transactional-Key", other.org().transactionalKey());

        assertThat(foreign.status()).isEqualTo(404);
        assertThat(foreign.detail()).isEqualTo("Message not found");
    }

    @Test
    void aMessageThatFailsEveryAttemptIsMarkedFailedAndDeadLettered() {
        String id;
        suite.smtp.stop();
        try (TopicReader deadLetters = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.MESSAGE_DEAD_LETTERS)) {
            Answer sent = mail.send("{\"to_email\": \"%s\", \"subject\": \"Doomed\", \"text_content\": \"t\"}".formatted(mail.address()));
            id = sent.json().get("message_id").asString();

            JsonNode failed = mail.awaitStatus(id, "failed");
            assertThat(failed.get("attempts").asInt()).isEqualTo(5);
            assertThat(failed.get("last_error").asString()).contains("Connection refused");
            String key = mail.org().id() + ":" + id;
            ConsumerRecord<String, String> dead = deadLetters.awaitMatching(record -> key.equals(record.key()), 1).get(0);
            assertThat(TopicReader.json(dead).get("data").get("subject").asString()).isEqualTo("Doomed");
            assertThat(new String(dead.headers().lastHeader("engagement-failure").value(), StandardCharsets.UTF_8))
                    .contains("Connection refused");
        } finally {
            suite.smtp.start();
        }
        assertThat(mail.deliveredCopies(id)).isZero();
    }

    /**
     * A record on the queue that is no job goes to the queue's dead letters with its origin, once
     * read; the messages queued behind it on its partition are sent.
     */
    @Test
    void anUnreadableRecordOnTheQueueIsDeadLetteredAndTheMessagesBehindItAreSent() throws Exception {
        String poison = "{not a job " + UUID.randomUUID();
        String key = mail.org().id() + ":poison-" + UUID.randomUUID();
        int partitions = Topics.ALL.get(Topics.MESSAGE);
        try (TopicReader deadLetters = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.MESSAGE_DEAD_LETTERS);
             KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                     ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, suite.infrastructure.kafkaBootstrapServers(),
                     ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                     ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
            for (int partition = 0; partition < partitions; partition++) {
                producer.send(new ProducerRecord<>(Topics.MESSAGE, partition, key, poison)).get();
            }
            List<String> ids = IntStream.range(0, 6)
                    .mapToObj(i -> mail.send("{\"to_email\": \"%s\", \"subject\": \"Behind %d\", \"text_content\": \"t\"}"
                            .formatted(mail.address(), i)).json().get("message_id").asString())
                    .toList();

            assertThat(ids).allSatisfy(id -> assertThat(mail.awaitDelivered(id).subject()).startsWith("Behind"));
            List<ConsumerRecord<String, String>> dead = deadLetters.awaitMatching(record -> key.equals(record.key()), partitions);
            assertThat(dead).extracting(ConsumerRecord::value).containsOnly(poison);
            assertThat(dead).extracting(record -> header(record, "kafka_dlt-original-topic")).containsOnly(Topics.MESSAGE);
            assertThat(dead).extracting(record -> ByteBuffer.wrap(record.headers().lastHeader("kafka_dlt-original-partition").value()).getInt())
                    .containsExactlyInAnyOrderElementsOf(IntStream.range(0, partitions).boxed().toList());
            assertThat(dead).extracting(record -> header(record, "kafka_dlt-exception-message")).allMatch(message -> message.contains("unreadable"));
        }
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }

    /**
     * Delivery claims a batch of messages at once. While the relay refuses, each partition's first
     * message fails and the rest of its batch go back to the queue untried: none is marked
     * interrupted, none counts an attempt it never had, and each is received once when the relay is back.
     */
    @Test
    void messagesABatchDidNotTryWhileTheRelayRefusedAreSentOnceWithTheirAttemptsUncounted() {
        int count = 12;
        String emails = IntStream.range(0, count)
                .mapToObj(i -> "{\"to_email\": \"%s\", \"subject\": \"Batch %d\", \"text_content\": \"t\"}".formatted(mail.address(), i))
                .collect(Collectors.joining(","));
        suite.smtp.stop();
        List<String> ids = new ArrayList<>();
        try {
            Answer accepted = suite.post(EMAIL_BULK, "{\"emails\": [" + emails + "]}", "X-Transactional-Key", mail.org().transactionalKey());
            assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
            accepted.json().get("messages").forEach(message -> ids.add(message.get("message_id").asString()));
            await().atMost(Mail.DELIVERED).until(() -> ids.stream().anyMatch(id -> mail.status(id).get("attempts").asInt() >= 2));
        } finally {
            suite.smtp.start();
        }
        List<JsonNode> sent = ids.stream().map(id -> mail.awaitStatus(id, "sent")).toList();

        assertThat(ids).allSatisfy(id -> assertThat(mail.deliveredCopies(id)).isEqualTo(1));
        // only the message at the head of each of the queue's three partitions was tried while the relay refused
        assertThat(sent.stream().filter(status -> status.get("attempts").asInt() > 1)).hasSizeLessThanOrEqualTo(3);
        assertThat(sent).allSatisfy(status -> assertThat(status.get("last_error").isNull()).isTrue());
    }

    @Test
    void aRelayThatRefusesTheFirstAttemptsIsRetriedUntilItTakesTheMessage() {
        suite.smtp.stop();
        String id;
        try {
            Answer sent = mail.send("{\"to_email\": \"%s\", \"subject\": \"Retry\", \"text_content\": \"t\"}".formatted(mail.address()));
            id = sent.json().get("message_id").asString();
            await().atMost(Mail.DELIVERED).untilAsserted(() -> {
                JsonNode status = mail.status(id);
                assertThat(status.get("attempts").asInt()).isGreaterThanOrEqualTo(2);
                assertThat(status.get("status").asString()).isIn("queued", "sending");
                assertThat(status.get("last_error").isNull()).isFalse();
            });
        } finally {
            suite.smtp.start();
        }
        JsonNode sent = mail.awaitStatus(id, "sent");
        assertThat(sent.get("last_error").isNull()).isTrue();
        assertThat(mail.deliveredCopies(id)).isEqualTo(1);
    }
}
