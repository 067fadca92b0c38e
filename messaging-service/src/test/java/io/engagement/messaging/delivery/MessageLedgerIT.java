package io.engagement.messaging.delivery;

import io.engagement.testkit.FreshDatabase;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The ledger's claims against the real database: who may send, and what a redelivery finds. */
class MessageLedgerIT {

    private static final long ORG = 7;

    @RegisterExtension
    final FreshDatabase database = new FreshDatabase("ledger");

    private ReactiveMongoTemplate mongo;
    private MessageLedger ledger;

    @BeforeEach
    void connect() {
        mongo = database.template();
        ledger = new MessageLedger(mongo, "messages", Clock.systemUTC());
        ledger.queue(ORG, List.of("m1"), List.of(Map.of("to", "+12015550123"))).block();
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
