package io.engagement.messaging.delivery;

import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import io.engagement.testkit.SharedInfrastructure;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The ledger's claims against the real database: who may send, and what a redelivery finds. */
class MessageLedgerIT {

    private static final long ORG = 7;

    private MongoClient client;
    private ReactiveMongoTemplate mongo;
    private MessageLedger ledger;

    @BeforeEach
    void connect() {
        client = MongoClients.create(SharedInfrastructure.get().mongoUri());
        mongo = new ReactiveMongoTemplate(client, "ledger_" + UUID.randomUUID().toString().replace("-", ""));
        ledger = new MessageLedger(mongo, "messages", Clock.systemUTC());
        ledger.queue(ORG, List.of("m1"), List.of(Map.of("to", "+12015550123"))).block();
    }

    @AfterEach
    void dropDatabase() {
        mongo.getMongoDatabase().flatMap(database -> Mono.from(database.drop())).block();
        client.close();
    }

    @Test
    void aQueuedMessageIsClaimedOnceAndCountsTheAttempt() {
        Claim first = ledger.claim("m1").block();
        Claim second = ledger.claim("m1").block();

        assertThat(first).isEqualTo(new Claim(Claim.Outcome.SEND, 1));
        // the first attempt never recorded its end: not repeated, and no attempt is counted for it
        assertThat(second.outcome()).isEqualTo(Claim.Outcome.INTERRUPTED);
        assertThat(status()).containsEntry("status", "sending").containsEntry("attempts", 1);
    }

    @Test
    void aRequeuedMessageIsClaimedForItsNextAttempt() {
        ledger.claim("m1").block();
        ledger.requeue("m1", "SMTP 451: try later").block();

        assertThat(ledger.claim("m1").block()).isEqualTo(new Claim(Claim.Outcome.SEND, 2));
        assertThat(status()).containsEntry("last_error", "SMTP 451: try later");
    }

    @Test
    void aRedeliveredRecordOfASentMessageLeavesItSent() {
        ledger.claim("m1").block();
        ledger.sent("m1", Map.of("smsc_message_id", "abc")).block();

        assertThat(ledger.claim("m1").block().outcome()).isEqualTo(Claim.Outcome.SKIP);
        assertThat(status()).containsEntry("status", "sent").containsEntry("attempts", 1).containsEntry("smsc_message_id", "abc");
    }

    @Test
    void aMessageIsFoundOnlyByItsOwnOrganization() {
        assertThat(ledger.find(ORG, "m1").block()).isNotNull();
        assertThat(ledger.find(ORG + 1, "m1").blockOptional()).isEmpty();
        assertThat(ledger.claim("unknown").block().outcome()).isEqualTo(Claim.Outcome.SKIP);
    }

    private Document status() {
        return mongo.findById("m1", Document.class, "messages").block();
    }
}
