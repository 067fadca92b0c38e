package io.engagement.local.messaging;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Mail;
import io.engagement.local.support.Routes;
import io.engagement.local.support.RunningSuite;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The {@code Idempotency-Key} header on sends, as the IETF draft has it. */
class IdempotentSendIT {

    private final RunningSuite suite = RunningSuite.get();
    private final Mail mail = new Mail(suite, suite.createOrganization("Idempotent " + UUID.randomUUID()));

    @Test
    void theSameKeyAndBodyReplayTheFirstAnswerAndSendNothingMore() {
        String key = UUID.randomUUID().toString();
        String body = "{\"to_email\": \"%s\", \"subject\": \"Once\", \"text_content\": \"only once\"}".formatted(mail.address());

        Answer first = mail.send(body, "Idempotency-Key", key);
        Answer again = mail.send(body, "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("Idempotent-Replay")).isNull();
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.header("Idempotent-Replay")).isEqualTo("true");
        assertThat(again.json()).isEqualTo(first.json());
        String id = first.json().get("message_id").asString();
        mail.awaitDelivered(id);
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(mail.deliveredCopies(id)).isEqualTo(1));
    }

    @Test
    void theSameKeyWithAnotherBodyIsRefused() {
        String key = UUID.randomUUID().toString();
        mail.send("{\"to_email\": \"%s\", \"subject\": \"A\", \"text_content\": \"a\"}".formatted(mail.address()), "Idempotency-Key", key);

        Answer reused = mail.send("{\"to_email\": \"%s\", \"subject\": \"B\", \"text_content\": \"b\"}".formatted(mail.address()),
                "Idempotency-Key", key);

        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.locs()).containsExactly(List.of("header", "Idempotency-Key"));
        assertThat(reused.json().get("detail").get(0).get("type").asString()).isEqualTo("idempotency_key_reused");
    }

    @Test
    void aKeyWhoseFirstRequestIsStillProcessingAnswers409WithRetryAfter() {
        String key = UUID.randomUUID().toString();
        // the first request, held by another replica, is mid-way: its claim is in the database, its answer not yet
        try (MongoClient mongo = MongoClients.create(suite.infrastructure.mongoUri())) {
            Instant now = Instant.now();
            mongo.getDatabase("engagement_messaging").getCollection("idempotency_keys").insertOne(
                    new Document("_id", mail.org().id() + ":" + key).append("fingerprint", "in-flight").append("done", false)
                            .append("created_at", Date.from(now)).append("expires_at", Date.from(now.plus(Duration.ofDays(1)))));
        }

        Answer busy = mail.send("{\"to_email\": \"%s\", \"subject\": \"A\", \"text_content\": \"a\"}".formatted(mail.address()),
                "Idempotency-Key", key);

        assertThat(busy.status()).isEqualTo(409);
        assertThat(busy.header("Retry-After")).isEqualTo("1");
        assertThat(busy.detail()).contains("still being processed");
    }

    @Test
    void twoRequestsRacingWithOneKeyAcceptTheEmailsOnce() throws Exception {
        String key = UUID.randomUUID().toString();
        String emails = String.join(",", Collections.nCopies(300,
                "{\"to_email\": \"%s\", \"subject\": \"Race\", \"text_content\": \"t\"}".formatted(mail.address())));
        String body = "{\"emails\": [" + emails + "]}";
        CompletableFuture<Answer> racing = CompletableFuture.supplyAsync(() ->
                suite.post(Routes.EMAIL_BULK, body, "X-Transactional-Key", mail.org().transactionalKey(), "Idempotency-Key", key));
        Answer direct = suite.post(Routes.EMAIL_BULK, body, "X-Transactional-Key", mail.org().transactionalKey(), "Idempotency-Key", key);
        List<Answer> answers = List.of(racing.get(), direct);

        List<Answer> processed = answers.stream().filter(answer -> answer.status() == 200 && answer.header("Idempotent-Replay") == null).toList();
        assertThat(processed).hasSize(1);
        assertThat(processed.get(0).json().get("accepted").asInt()).isEqualTo(300);
        Answer other = answers.get(answers.get(0) == processed.get(0) ? 1 : 0);
        if (other.status() == 409) {
            assertThat(other.header("Retry-After")).isEqualTo("1");
        } else {
            // the winner was answered before the other arrived: its answer again, nothing new queued
            assertThat(other.header("Idempotent-Replay")).isEqualTo("true");
            assertThat(other.json()).isEqualTo(processed.get(0).json());
        }
    }

    @Test
    void keysBelongToOneOrganization() {
        String key = UUID.randomUUID().toString();
        Mail other = new Mail(suite, suite.createOrganization("Idempotent other " + UUID.randomUUID()));
        String body = "{\"to_email\": \"%s\", \"subject\": \"A\", \"text_content\": \"a\"}".formatted(mail.address());

        Answer mine = mail.send(body, "Idempotency-Key", key);
        Answer theirs = other.send(body, "Idempotency-Key", key);

        assertThat(theirs.status()).isEqualTo(200);
        assertThat(theirs.header("Idempotent-Replay")).isNull();
        assertThat(theirs.json().get("message_id")).isNotEqualTo(mine.json().get("message_id"));
    }

    @Test
    void aKeyLongerThan255CharactersIsRefused() {
        Answer refused = mail.send("{\"to_email\": \"%s\", \"subject\": \"A\", \"text_content\": \"a\"}".formatted(mail.address()),
                "Idempotency-Key", "k".repeat(256));

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).containsExactly(List.of("header", "Idempotency-Key"));
    }

    @Test
    void aRefusedRequestLeavesItsKeyFreeForTheCorrectedRetry() {
        String key = UUID.randomUUID().toString();
        Answer invalid = mail.send("{\"to_email\": \"broken\", \"subject\": \"A\", \"text_content\": \"a\"}", "Idempotency-Key", key);
        Answer corrected = mail.send("{\"to_email\": \"%s\", \"subject\": \"A\", \"text_content\": \"a\"}".formatted(mail.address()),
                "Idempotency-Key", key);

        assertThat(invalid.status()).isEqualTo(422);
        assertThat(corrected.status()).isEqualTo(200);
    }
}
