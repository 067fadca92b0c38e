package io.engagement.platform.event;

import io.engagement.platform.binding.UnreadableRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventReaderTest {

    private final EventReader events = new EventReader(EventContractTest.JSON);

    @Test
    void anErasureReadsWithWhomItNamesAndBlankNamesAsNone() {
        String erasure = """
                {"id": "0b7c2b7e-3a49-4d0b-9e8f-1a2b3c4d5e01", "type": "customer.erased", "schema_version": 1, "org_id": 7,
                 "occurred_at": "2026-11-27T10:00:00Z",
                 "data": {"customer_id": "cus_1", "email": " Ada@Example.com ", "whatsapp_number": "", "session_ids": ["s1", "s2"]}}""";

        assertThat(events.read(erasure, CustomerErased.class)).hasValueSatisfying(read -> {
            assertThat(read.orgId()).isEqualTo(7);
            assertThat(read.data()).isEqualTo(new CustomerErased("cus_1", "Ada@Example.com", null, List.of("s1", "s2")));
        });
    }

    @Test
    void aConsumerOfOneTypePassesOverOtherEventsEvenWhenTheyMentionIt() {
        String created = """
                {"id": "0b7c2b7e-3a49-4d0b-9e8f-1a2b3c4d5e02", "type": "customer.created", "schema_version": 1, "org_id": 7,
                 "occurred_at": "2026-11-27T10:00:00Z", "data": {"customer_id": "cus_2", "name": "customer.erased"}}""";

        assertThat(events.read(created, CustomerErased.class)).isEmpty();
        assertThat(events.read("not json and no erasure", CustomerErased.class)).isEmpty();
        assertThat(events.read(null, CustomerErased.class)).isEmpty();
    }

    @Test
    void aPolicyPublishedBeforeItsVersionExistedReadsAsVersionZero() {
        String published = """
                {"id": "5c1f2a9e-0000-4000-8000-000000000001", "type": "organization.policy.changed", "schema_version": 1, "org_id": 7,
                 "occurred_at": "2026-11-01T00:00:00Z",
                 "data": {"retention": {"raw_event_days": 2, "replay_days": 1, "message_body_days": 30}, "redaction_opt_out": ["password"]}}""";

        assertThat(events.read(published, OrganizationPolicy.class).orElseThrow().data()).isEqualTo(new OrganizationPolicy(
                new OrganizationPolicy.Retention(2, 1, 30), List.of("password"), OrganizationPolicy.FREE, 0));
    }

    @Test
    void aTombstoneAndATypeThisBuildDoesNotReadAreNoEvents() {
        assertThat(events.read(null)).isEmpty();
        assertThat(events.read("{\"type\": \"settings.widget.changed\", \"org_id\": 7, \"data\": {\"color\": \"#000\"}}")).isEmpty();
    }

    @Test
    void whatIsNoEnvelopeOfItsTypeIsUnreadable() {
        assertThatThrownBy(() -> events.read("{not json")).isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.read("[1, 2]")).isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.read("{\"type\": \"customer.erased\", \"data\": {}}")).as("no organization")
                .isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.read("{\"type\": \"customer.erased\", \"org_id\": 7}")).as("no data")
                .isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.read("{\"type\": \"session.summarized\", \"org_id\": 7, \"data\": {\"event_count\": \"many\"}}"))
                .as("a number that is none").isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.read("{\"type\": \"customer.erased\", \"org_id\": 7, \"occurred_at\": \"yesterday\", \"data\": {}}"))
                .as("no time").isInstanceOf(UnreadableRecord.class);
    }

    @Test
    void aTelemetryEventReadsWhateverTheTypeOfItsEnvelopeAndATombstoneIsNone() {
        String view = """
                {"id": "3f0c5a1e-8b2d-4c7a-9e61-0d4b2a7f1c01", "type": "page_view", "org_id": 7, "occurred_at": "2026-11-27T10:00:00Z",
                 "data": {"event_id": "e-1", "type": "page_view", "session_id": "s-1", "timestamp": "2026-11-27T10:00:00Z",
                          "url": "https://app.example.com/", "title": ""}}""";

        assertThat(events.readTelemetry(view)).hasValueSatisfying(read -> {
            assertThat(read.orgId()).isEqualTo(7);
            assertThat(read.schemaVersion()).as("as before versions were written").isEqualTo(1);
            assertThat(read.data().sessionId()).isEqualTo("s-1");
            assertThat(read.data().title()).as("as sent").isEmpty();
            assertThat(read.data().customerId()).isNull();
            assertThat(read.data().at()).isEqualTo(Instant.parse("2026-11-27T10:00:00Z"));
        });
        assertThat(events.readTelemetry(null)).isEmpty();
    }

    @Test
    void aTelemetryFieldHoldingAnotherKindOfValueReadsAsAbsentAndTheRestOfTheEventReads() {
        String call = """
                {"type": "api_log", "org_id": 7, "data": {"type": "api_log", "session_id": {"id": "s-1"}, "customer_id": 12,
                 "timestamp": "2026-11-27T10:00:00Z", "status": "502", "duration_ms": {"ms": [12]}, "interactions": true,
                 "request_url": "https://api.example.com/a", "method": ["GET"]}}""";

        TelemetryRecorded read = events.readTelemetry(call).orElseThrow().data();

        assertThat(read).isEqualTo(new TelemetryRecorded(null, "api_log", null, null, null, "2026-11-27T10:00:00Z", null, null, null,
                null, null, null, null, null, null, null, null, null, "https://api.example.com/a", null, null, null, null, null, null));
    }

    @Test
    void aTelemetryEventBoundByAMapperReadsAsTheReaderReadsIt() {
        String event = """
                {"type": "api_log", "session_id": "s-1", "status": 502.0, "duration_ms": 12, "x": "left", "request_body": {"a": [1, {"b": 2}]}}""";

        assertThat(EventContractTest.JSON.readValue(event, TelemetryRecorded.class)).isEqualTo(new TelemetryRecorded(null, "api_log", "s-1",
                null, null, null, null, null, null, 12.0, null, null, null, null, null, null, null, null, null, null, 502, null, null, null,
                null));
        assertThatThrownBy(() -> EventContractTest.JSON.readValue("[]", TelemetryRecorded.class)).isInstanceOf(JacksonException.class);
    }

    @Test
    void aTelemetryEventWithoutATimeThatReadsHasNone() {
        String undated = """
                {"type": "click", "org_id": 7, "data": {"type": "click", "session_id": "s-1"}}""";
        String misdated = """
                {"type": "click", "org_id": 7, "data": {"type": "click", "session_id": "s-1", "timestamp": "yesterday"}}""";

        assertThat(events.readTelemetry(undated).orElseThrow().data().at()).isNull();
        assertThatThrownBy(() -> events.readTelemetry(misdated).orElseThrow().data().at()).isInstanceOf(DateTimeParseException.class);
    }

    @Test
    void whatIsNoTelemetryEnvelopeIsUnreadable() {
        assertThatThrownBy(() -> events.readTelemetry("{not json")).isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("")).as("empty").isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("null")).isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("[1, 2]")).isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"data\": {\"type\": \"click\"}}")).as("no organization")
                .isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"org_id\": 7}")).as("no data")
                .isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"org_id\": 7, \"data\": null}")).as("null data")
                .isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"org_id\": 7, \"data\": \"click\"}")).as("data no event")
                .isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"org_id\": 7, \"data\": [{\"type\": \"click\"}]}"))
                .as("data no object").isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"org_id\": 7, \"data\": {\"type\": \"click\"}} {}"))
                .as("more than an envelope").isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"org_id\": 7, \"data\": {\"type\": \"click\", \"x\": 4"))
                .as("cut short").isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"id\": \"e-1\", \"type\": \"click\", \"org_id\": 7, \"data\": {}}"))
                .as("an id that is no UUID").isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"org_id\": 7, \"occurred_at\": \"yesterday\", \"data\": {}}"))
                .as("no time").isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> events.readTelemetry("{\"type\": \"click\", \"org_id\": \"seven\", \"data\": {}}"))
                .as("an organization that is none").isInstanceOf(UnreadableRecord.class);
    }
}
