package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.People;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static io.engagement.local.support.Routes.INBOX;
import static io.engagement.local.support.Routes.VISITORS;
import static io.engagement.local.support.Routes.WIDGET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the services record in the audit log, read back through the gateway by an admin: a
 * settings change and an assignment by a signed-in person, an alert rule's life, a customer erased
 * with the data key. Each names who acted (the person, or the key) and what, never a value of the
 * settings or a rule's channels.
 */
class AuditLogIT {

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Audited");
    private final People people = new People(suite, org);

    @Test
    void theServicesActsReachTheAuditLog() {
        People.Person admin = people.firstAdmin();
        String adminId = admin.get("/auth/v1/me").json().at("/person/person_id").asString();
        assertThat(admin.write("PUT", "/external/v1/settings/ticketing",
                "{\"user_tickets_enabled\": false, \"tags\": [\"Billing\"], \"auto_assign\": []}").status()).isEqualTo(200);
        Answer rule = admin.post("/external/v1/alerts/rules", """
                {"name": "Errors", "type": "high_error_frequency", "threshold": 5, "frequency": "hourly",
                 "channels": [{"type": "webhook", "target": "http://127.0.0.1:9/hook"}]}""");
        String ruleId = rule.json().get("rule_id").asString();
        assertThat(admin.write("DELETE", "/external/v1/alerts/rules/" + ruleId, null).status()).isEqualTo(204);
        String conversationId = conversation();
        assertThat(admin.write("PATCH", INBOX + "/" + conversationId, "{\"assignee_email\": \"" + admin.email() + "\"}").status())
                .isEqualTo(200);
        Answer customer = suite.post("/external/v1/customers", "{\"name\": \"Gone\", \"email\": \"gone@example.com\", \"source\": \"web\"}",
                "x-api-key", org.apiKey());
        assertThat(customer.status()).as(customer.body()).isEqualTo(201);
        String customerId = customer.json().get("customer_id").asString();
        assertThat(suite.delete("/external/v1/customers/" + customerId, "x-api-key", org.apiKey()).status()).isEqualTo(204);

        JsonNode settings = awaitAct(admin, "settings.changed");
        assertThat(settings.at("/target/type").asString()).isEqualTo("settings");
        assertThat(settings.at("/target/id").asString()).isEqualTo("ticketing");
        assertThat(settings.at("/actor/person_id").asString()).isEqualTo(adminId);
        assertThat(settings.get("details").toString()).doesNotContain("Billing");
        assertThat(awaitAct(admin, "alert_rule.created").at("/target/id").asString()).isEqualTo(ruleId);
        assertThat(awaitAct(admin, "alert_rule.created").toString()).doesNotContain("127.0.0.1:9").doesNotContain("whsec_");
        assertThat(awaitAct(admin, "alert_rule.deleted").at("/target/id").asString()).isEqualTo(ruleId);
        JsonNode assigned = awaitAct(admin, "conversation.assigned");
        assertThat(assigned.at("/target/id").asString()).isEqualTo(conversationId);
        assertThat(assigned.at("/details/assignee_email").asString()).isEqualTo(admin.email());
        JsonNode erased = awaitAct(admin, "customer.erased");
        assertThat(erased.at("/target/id").asString()).isEqualTo(customerId);
        assertThat(erased.at("/actor/type").asString()).isEqualTo("key");
    }

    private static JsonNode awaitAct(People.Person admin, String action) {
        AtomicReference<Optional<JsonNode>> found = new AtomicReference<>(Optional.empty());
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            Answer log = admin.get("/external/v1/audit-events?action=" + action);
            assertThat(log.status()).as(log.body()).isEqualTo(200);
            List<JsonNode> acts = log.json().get("data").valueStream().toList();
            found.set(acts.stream().findFirst());
            return found.get().isPresent();
        });
        return found.get().orElseThrow();
    }

    private String conversation() {
        String token = suite.post(VISITORS, "{}", "X-Public-Key", org.publicKey()).json().get("visitor_token").asString();
        Answer started = suite.post(WIDGET, "{\"message\": \"Hello\"}", "X-Public-Key", org.publicKey(), "X-Visitor-Token", token);
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        return started.json().get("conversation_id").asString();
    }
}
