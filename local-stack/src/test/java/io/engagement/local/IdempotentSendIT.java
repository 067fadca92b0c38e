package io.engagement.local;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code Idempotency-Key} header on sends, as the IETF draft has it. */
class IdempotentSendIT {

    private final RunningSuite suite = RunningSuite.get();
    private final Mail mail = new Mail(suite, suite.createOrganization("Idempotent " + UUID.randomUUID()));

    @Test
    void theSameKeyAndBodyReplayTheFirstAnswerAndSendNothingMore() throws InterruptedException {
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
        Thread.sleep(1_000);
        assertThat(mail.deliveredCopies(id)).isEqualTo(1);
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
