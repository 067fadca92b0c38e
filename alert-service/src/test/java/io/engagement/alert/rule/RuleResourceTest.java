package io.engagement.alert.rule;

import io.engagement.alert.target.TargetGuard;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.testkit.HandlerSlice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

@HandlerSlice(RuleResource.class)
@Import({RuleStore.class, RuleRequests.class, RuleDirectory.class, TargetGuard.class})
class RuleResourceTest {

    private static final String RULES = "/external/v1/alerts/rules";
    private static final String ERRORS_BY_EMAIL = """
            {"name": "Errors", "type": "high_error_frequency", "threshold": 5, "frequency": "hourly",
             "channels": [{"type": "dashboard"}, {"type": "email", "target": "Ops@Example.com"}]}""";

    @Autowired
    private WebTestClient client;
    @Autowired
    private InternalToken tokens;

    private WebTestClient owner;
    private WebTestClient stranger;

    @BeforeEach
    void signIn() {
        long organizationId = ThreadLocalRandom.current().nextLong(1, 1_000_000_000);
        owner = as(organizationId);
        stranger = as(organizationId + 1);
    }

    @Test
    void aRuleIsCreatedWithItsDefaultsAndListedInThePageEnvelope() {
        owner.post().uri(RULES).contentType(MediaType.APPLICATION_JSON).bodyValue(ERRORS_BY_EMAIL).exchange()
                .expectStatus().isCreated()
                .expectBody()
                .json("""
                        {"name": "Errors", "type": "high_error_frequency", "threshold": 5, "frequency": "hourly",
                         "channels": [{"type": "dashboard", "target": null}, {"type": "email", "target": "Ops@example.com"}],
                         "quiet_hours": null, "confidence_threshold": 70, "enabled": true}""", false)
                .jsonPath("$.signing_secret").doesNotExist();
        String ruleId = ruleIdOfNewest();

        owner.get().uri(RULES).exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.total").isEqualTo(1)
                .jsonPath("$.page").isEqualTo(1)
                .jsonPath("$.page_size").isEqualTo(20)
                .jsonPath("$.data[0].rule_id").isEqualTo(ruleId)
                .jsonPath("$.data[0].name").isEqualTo("Errors");
    }

    @Test
    void anEmptyBodyAnswersEveryRequiredFieldMissing() {
        owner.post().uri(RULES).contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange()
                .expectStatus().isEqualTo(422)
                .expectBody().json("""
                        {"detail": [
                          {"type": "missing", "loc": ["body", "name"], "msg": "Field required", "input": {}},
                          {"type": "missing", "loc": ["body", "type"], "msg": "Field required", "input": {}},
                          {"type": "missing", "loc": ["body", "threshold"], "msg": "Field required", "input": {}},
                          {"type": "missing", "loc": ["body", "frequency"], "msg": "Field required", "input": {}}]}""", true);
    }

    @Test
    void aWebhookOnTheLoopbackIsRefusedByTheAddressGuardAtItsPlace() {
        owner.post().uri(RULES).contentType(MediaType.APPLICATION_JSON).bodyValue("""
                        {"name": "Errors", "type": "high_error_frequency", "threshold": 5, "frequency": "hourly",
                         "channels": [{"type": "dashboard"}, {"type": "webhook", "target": "http://127.0.0.1:9/hook"}]}""").exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.detail.length()").isEqualTo(1)
                .jsonPath("$.detail[0].loc").isEqualTo(List.of("body", "channels", 1, "target"))
                .jsonPath("$.detail[0].type").isEqualTo("value_error");

        owner.get().uri(RULES).exchange().expectBody().jsonPath("$.total").isEqualTo(0);
    }

    @Test
    void anotherOrganizationsRuleIsNotFoundAndStaysAsItWas() {
        owner.post().uri(RULES).contentType(MediaType.APPLICATION_JSON).bodyValue(ERRORS_BY_EMAIL).exchange().expectStatus().isCreated();
        String ruleId = ruleIdOfNewest();

        stranger.get().uri(RULES + "/" + ruleId).exchange()
                .expectStatus().isNotFound()
                .expectBody().json("{\"detail\": \"Alert rule not found\"}", true);
        stranger.delete().uri(RULES + "/" + ruleId).exchange().expectStatus().isNotFound();
        stranger.get().uri(RULES).exchange().expectBody().jsonPath("$.total").isEqualTo(0);
        owner.get().uri(RULES + "/" + ruleId).exchange().expectStatus().isOk().expectBody().jsonPath("$.threshold").isEqualTo(5.0);
    }

    private String ruleIdOfNewest() {
        return owner.get().uri(RULES).exchange().expectBody(JsonNode.class).returnResult()
                .getResponseBody().at("/data/0/rule_id").asString();
    }

    private WebTestClient as(long organizationId) {
        return client.mutate()
                .defaultHeader(InternalToken.HEADER, tokens.mint(new OrgContext(organizationId, KeyKind.DATA)))
                .build();
    }
}
