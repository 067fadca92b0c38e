package io.engagement.gateway.audit;

import io.engagement.gateway.AccountMails;
import io.engagement.gateway.Browser;
import io.engagement.gateway.GatewayReplicas;
import io.engagement.gateway.Teams;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The audit log through the gateway: acts of people and of the operator arrive from the audit topic,
 * newest first, with who acted and on what, filtered by action and actor, never a secret; only an
 * organization's admins read it, and only their own organization's.
 */
@WithInfrastructure
class AuditIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static GatewayReplicas gateway;
    private static AccountMails mails;
    private static Teams teams;

    @BeforeAll
    static void start() {
        gateway = GatewayReplicas.start(1, Map.of());
        mails = new AccountMails(SharedInfrastructure.get().kafkaBootstrapServers());
        teams = new Teams(gateway, mails);
    }

    @AfterAll
    static void stop() {
        mails.close();
        gateway.close();
    }

    @Test
    void anAdminsActsAreLoggedNewestFirstWithoutSecrets() {
        Teams.Team team = teams.create();
        Browser agent = teams.invite(team, "agent");
        String agentId = JSON.readTree(agent.get("/auth/v1/me").body()).at("/person/person_id").asString();
        String agentEmail = JSON.readTree(agent.get("/auth/v1/me").body()).at("/person/email").asString();
        team.admin().write("PATCH", "/external/v1/people/" + agentId, "{\"role\": \"viewer\"}", true);
        String key = JSON.readTree(team.admin().post("/external/v1/api-keys", "{\"kind\": \"data\", \"name\": \"Warehouse\"}").body())
                .get("key").asString();
        new Browser(gateway.uri(0)).post("/auth/v1/sign-in", "{\"email\": \"" + agentEmail + "\", \"password\": \"wrong password!\"}");

        List<String> expected = List.of("person.sign_in_failed", "api_key.created", "person.role_changed", "person.joined",
                "person.invited", "person.joined", "person.invited");
        await().atMost(Duration.ofSeconds(30)).until(() -> actions(team.admin().get("/external/v1/audit-events")).containsAll(expected));

        HttpResponse<String> log = team.admin().get("/external/v1/audit-events");
        assertThat(actions(log)).containsSubsequence(expected);
        assertThat(log.body()).doesNotContain(key).doesNotContain(Teams.PASSWORD).doesNotContain("wrong password!");
        JsonNode roleChange = events(log).filter(event -> event.get("action").asString().equals("person.role_changed")).findFirst().orElseThrow();
        assertThat(roleChange.at("/actor/type").asString()).isEqualTo("person");
        assertThat(roleChange.at("/actor/email").asString()).isEqualTo(team.adminEmail());
        assertThat(roleChange.at("/target/type").asString()).isEqualTo("person");
        assertThat(roleChange.at("/target/id").asString()).isEqualTo(agentId);
        assertThat(roleChange.at("/details/from").asString()).isEqualTo("agent");
        assertThat(roleChange.at("/details/to").asString()).isEqualTo("viewer");
        assertThat(roleChange.get("ip").asString()).isEqualTo("127.0.0.1");
        assertThat(roleChange.get("event_id").asString()).isNotBlank();
        JsonNode firstInvitation = events(log).reduce((newer, older) -> older).orElseThrow();
        assertThat(firstInvitation.at("/actor/type").asString()).as("the first admin, invited by the operator").isEqualTo("operator");

        assertThat(actions(team.admin().get("/external/v1/audit-events?action=person.invited"))).containsOnly("person.invited").hasSize(2);
        assertThat(actions(team.admin().get("/external/v1/audit-events?actor_email=" + team.adminEmail())))
                .contains("person.role_changed", "api_key.created").doesNotContain("person.sign_in_failed");
        assertThat(JSON.readTree(team.admin().get("/external/v1/audit-events?until=2000-01-01T00:00:00Z").body()).get("total").asLong())
                .isZero();
    }

    @Test
    void onlyAnOrganizationsAdminsReadItsLog() {
        Teams.Team acme = teams.create();
        Teams.Team globex = teams.create();
        Browser viewer = teams.invite(acme, "viewer");

        assertThat(viewer.get("/external/v1/audit-events").statusCode()).isEqualTo(403);
        await().atMost(Duration.ofSeconds(30)).until(() -> actions(acme.admin().get("/external/v1/audit-events")).contains("person.joined"));
        assertThat(events(globex.admin().get("/external/v1/audit-events")))
                .noneSatisfy(event -> assertThat(event.at("/target/id").asString())
                        .isEqualTo(JSON.readTree(viewer.get("/auth/v1/me").body()).at("/person/person_id").asString()));
    }

    private static List<String> actions(HttpResponse<String> page) {
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        return events(page).map(event -> event.get("action").asString()).toList();
    }

    private static Stream<JsonNode> events(HttpResponse<String> page) {
        return JSON.readTree(page.body()).get("data").valueStream();
    }
}
