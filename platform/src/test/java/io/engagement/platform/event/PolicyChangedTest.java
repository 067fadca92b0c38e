package io.engagement.platform.event;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PolicyChangedTest {

    private final JsonMapper json = JsonMapper.builder().propertyNamingStrategy(tools.jackson.databind.PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void aPolicyPublishedBeforeItsVersionExistedReadsAsVersionZero() {
        String published = """
                {"id": "5c1f2a9e-0000-4000-8000-000000000001", "type": "organization.policy.changed", "schema_version": 1, "org_id": 7,
                 "occurred_at": "2026-11-01T00:00:00Z",
                 "data": {"retention": {"raw_event_days": 2, "replay_days": 1, "message_body_days": 30}, "redaction_opt_out": ["password"]}}""";

        PolicyChanged changed = PolicyChanged.read(json, published).orElseThrow();

        assertThat(changed.organizationId()).isEqualTo(7);
        assertThat(changed.policy()).isEqualTo(new OrganizationPolicy(new OrganizationPolicy.Retention(2, 1, 30), List.of("password"),
                OrganizationPolicy.FREE, 0));
    }

    @Test
    void aRecordOfAnotherTypeOrUnreadableCarriesNoPolicy() {
        assertThat(PolicyChanged.read(json, "{\"type\": \"key.revoked\", \"org_id\": 7}")).isEmpty();
        assertThat(PolicyChanged.read(json, "{not json")).isEmpty();
        assertThat(PolicyChanged.read(json, null)).isEmpty();
    }
}
