package io.engagement.messaging.delivery;

import io.engagement.testkit.FreshDatabase;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;

import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.OrganizationPolicies;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ledger's claims against the real database: who may send, and what a redelivery finds. */
class MessageLedgerIT {

    private static final long ORG = 7;

    @RegisterExtension
    final FreshDatabase database = new FreshDatabase("ledger");

    /** A retention day of the tests lasts an hour, so expiry is asserted at chosen instants. */
    private static final Duration DAY = Duration.ofHours(1);

    private ReactiveMongoTemplate mongo;
    private OrganizationPolicies policies;
    private MessageLedger ledger;
    private Instant queuedAt;

    @BeforeEach
    void connect() {
        mongo = database.template();
        policies = new OrganizationPolicies(mongo,
                new EventReader(JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build()), Clock.systemUTC(), DAY);
        ledger = new MessageLedger(mongo, "messages", Clock.systemUTC(), policies);
        queuedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
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
    void aMessageQueuedOnceIsStoredOnceAndIsToBePutOnTheQueueOnlyUntilAWorkerTakesIt() {
        Map<String, Object> fields = Map.of("to", "+12015550124");

        assertThat(ledger.queueOnce(ORG, "m2", fields).block()).isTrue();
        // requested again before a worker took it: its job may never have reached the queue
        assertThat(ledger.queueOnce(ORG, "m2", fields).block()).isTrue();
        assertThat(ledger.claim("m2").block()).isEqualTo(new Claim(Claim.Outcome.SEND, 1));
        assertThat(ledger.queueOnce(ORG, "m2", fields).block()).isFalse();
        ledger.sent("m2", Map.of()).block();
        assertThat(ledger.queueOnce(ORG, "m2", fields).block()).isFalse();

        assertThat(status("m2")).containsEntry("status", "sent").containsEntry("attempts", 1).containsEntry("to", "+12015550124");
    }

    @Test
    void aFailureReportedBeforeTheSendIsRecordedStaysAFailure() {
        ledger.claim("m1").block();
        // the SMSC's receipt overtook the worker's record of the hand-over
        ledger.noteAll(List.of(new MessageLedger.Note("m1", Map.of("delivery_status", "undeliv"), "delivery receipt UNDELIV (error 001)")))
                .block();
        ledger.sent("m1", Map.of("smsc_message_id", "abc")).block();

        assertThat(status()).containsEntry("status", "failed").containsEntry("last_error", "delivery receipt UNDELIV (error 001)")
                .containsEntry("smsc_message_id", "abc");
    }

    @Test
    void notesAreWrittenInOneWriteInTheOrderGivenAndAFailureFailsItsMessage() {
        ledger.queue(ORG, List.of("m2"), List.of(Map.of("to", "+12015550124"))).block();
        ledger.claimAll(List.of("m1", "m2")).block();
        ledger.sentAll(Map.of("m1", Map.of("smsc_message_id", "abc"), "m2", Map.of("smsc_message_id", "def"))).block();

        ledger.noteAll(List.of(
                new MessageLedger.Note("m1", Map.of("delivery_status", "enroute"), null),
                new MessageLedger.Note("m2", Map.of("delivery_status", "rejectd"), "delivery receipt REJECTD (error 007)"),
                new MessageLedger.Note("m1", Map.of("delivery_status", "delivrd"), null),
                new MessageLedger.Note("unknown", Map.of("delivery_status", "delivrd"), null))).block();

        assertThat(status()).containsEntry("status", "sent").containsEntry("delivery_status", "delivrd").containsEntry("last_error", null);
        assertThat(status("m2")).containsEntry("status", "failed").containsEntry("delivery_status", "rejectd")
                .containsEntry("last_error", "delivery receipt REJECTD (error 007)");
        assertThat(mongo.findById("unknown", Document.class, "messages").block()).isNull();
    }

    @Test
    void aBatchClaimSendsOnlyTheQueuedMessagesAndJudgesTheOthersAsASingleClaimWould() {
        ledger.queue(ORG, List.of("m2", "m3"), List.of(Map.of("to", "+12015550124"), Map.of("to", "+12015550125"))).block();
        ledger.claim("m2").block();
        ledger.sent("m2", Map.of()).block();
        ledger.claim("m3").block();

        Claims claims = ledger.claimAll(List.of("m1", "m2", "m3", "unknown", "m1")).block();

        assertThat(claims.of("m1")).isEqualTo(new Claim(Claim.Outcome.SEND, 1));
        assertThat(claims.of("m2").outcome()).isEqualTo(Claim.Outcome.SKIP);
        // m3's attempt started and never recorded its end
        assertThat(claims.of("m3").outcome()).isEqualTo(Claim.Outcome.INTERRUPTED);
        assertThat(claims.of("unknown").outcome()).isEqualTo(Claim.Outcome.SKIP);
        assertThat(status()).containsEntry("status", "sending").containsEntry("attempts", 1);
        assertThat(status("m2")).containsEntry("status", "sent").containsEntry("attempts", 1);
        assertThat(status("m3")).containsEntry("status", "sending").containsEntry("attempts", 1);
        // what a single claim then finds of a message the batch took
        assertThat(ledger.claim("m1").block().outcome()).isEqualTo(Claim.Outcome.INTERRUPTED);
    }

    @Test
    void releasedMessagesAreQueuedAgainWithoutTheirAttemptOnlyByTheClaimThatTookThem() {
        ledger.queue(ORG, List.of("m2"), List.of(Map.of("to", "+12015550124"))).block();
        Claims claims = ledger.claimAll(List.of("m1", "m2")).block();

        ledger.release(new Claims("another claim", claims.byId()), List.of("m1", "m2")).block();
        assertThat(status("m2")).containsEntry("status", "sending").containsEntry("attempts", 1);
        ledger.release(claims, List.of("m2")).block();

        assertThat(status()).containsEntry("status", "sending").containsEntry("attempts", 1);
        assertThat(status("m2")).containsEntry("status", "queued").containsEntry("attempts", 0);
        assertThat(ledger.claimAll(List.of("m2")).block().of("m2")).isEqualTo(new Claim(Claim.Outcome.SEND, 1));
    }

    @Test
    void aBatchOfHandOversIsRecordedInOneWriteKeepingAFailureReportedMeanwhile() {
        ledger.queue(ORG, List.of("m2"), List.of(Map.of("to", "+12015550124"))).block();
        ledger.claimAll(List.of("m1", "m2")).block();
        ledger.noteAll(List.of(new MessageLedger.Note("m1", Map.of("delivery_status", "undeliv"), "delivery receipt UNDELIV (error 001)")))
                .block();

        ledger.sentAll(Map.of("m1", Map.of("smsc_message_id", "abc"), "m2", Map.of("smsc_message_id", "def"))).block();

        assertThat(status()).containsEntry("status", "failed").containsEntry("last_error", "delivery receipt UNDELIV (error 001)")
                .containsEntry("smsc_message_id", "abc").containsKey("sent_at");
        assertThat(status("m2")).containsEntry("status", "sent").containsEntry("last_error", null).containsEntry("attempts", 1)
                .containsEntry("smsc_message_id", "def");
        assertThat(status("m2").get("sent_at")).isNotNull();
    }

    @Test
    void aMessageIsFoundOnlyByItsOwnOrganization() {
        assertThat(ledger.find(ORG, "m1", StatusDocument::messageId).block()).isNotNull();
        assertThat(ledger.find(ORG + 1, "m1", StatusDocument::messageId).blockOptional()).isEmpty();
        assertThat(ledger.claim("unknown").block().outcome()).isEqualTo(Claim.Outcome.SKIP);
    }

    @Test
    void aMessageExpiresAfterItsOrganizationsMessageBodyDays() {
        long keepsLonger = ORG + 1;
        policies.accept(policyChanged(keepsLonger, 60)).block();
        ledger.queue(keepsLonger, List.of("m2"), List.of(Map.of("to", "+12015550124"))).block();

        long swept = ledger.sweep(queuedAt.plus(DAY.multipliedBy(31))).block();

        // the default keeps message bodies 30 days; the other organization chose 60
        assertThat(swept).isEqualTo(1);
        assertThat(status()).isNull();
        assertThat(mongo.findById("m2", Document.class, "messages").block()).isNotNull();
        assertThat(ledger.sweep(queuedAt.plus(DAY.multipliedBy(61))).block()).isEqualTo(1);
    }

    @Test
    void aMessageIsNotSweptBeforeItExpires() {
        assertThat(ledger.sweep(queuedAt.plus(DAY.multipliedBy(29))).block()).isZero();
        assertThat(status().getDate("expires_at").toInstant()).isBetween(queuedAt.plus(DAY.multipliedBy(30)),
                Instant.now().plus(DAY.multipliedBy(30)));
    }

    @Test
    void anErasedRecipientIsForgottenWhileTheMessagesStatusStays() {
        ledger.queue(ORG, List.of("m2"), List.of(Map.of("to", "+12015550999"))).block();
        ledger.claim("m1").block();
        ledger.sent("m1", Map.of()).block();

        long forgotten = ledger.forgetRecipient(ORG, "to", "+12015550123", List.of()).block();

        assertThat(forgotten).isEqualTo(1);
        assertThat(status()).doesNotContainKey("to").containsEntry("erased", true).containsEntry("status", "sent")
                .containsEntry("attempts", 1);
        assertThat(mongo.findById("m2", Document.class, "messages").block()).containsEntry("to", "+12015550999");
        assertThat(ledger.forgetRecipient(ORG + 1, "to", "+12015550999", List.of()).block()).isZero();
    }

    @Test
    void aWriteTheDatabaseRefusesIsNotRetried() {
        // the same write refused again would hold a delivery thread forever
        var refused = mongo.insert(new Document("_id", "m1"), "messages").retryWhen(MessageLedger.UNTIL_THE_DATABASE_ANSWERS);

        assertThatThrownBy(() -> refused.block(Duration.ofSeconds(20))).isInstanceOf(DuplicateKeyException.class);
    }

    private static String policyChanged(long org, int messageBodyDays) {
        return """
                {"id": "%s", "type": "organization.policy.changed", "schema_version": 1, "org_id": %d, "occurred_at": "2026-11-24T00:00:00Z",
                 "data": {"retention": {"raw_event_days": 90, "replay_days": 30, "message_body_days": %d}, "redaction_opt_out": []}}"""
                .formatted(UUID.randomUUID(), org, messageBodyDays);
    }

    private Document status() {
        return status("m1");
    }

    private Document status(String id) {
        return mongo.findById(id, Document.class, "messages").block();
    }
}
