package io.engagement.platform.event;

import io.engagement.platform.binding.UnreadableRecord;
import org.junit.jupiter.api.Test;

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
}
