package io.engagement.gateway.key;

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

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Settings, API Access: an organization's admins create keys (each shown once), list them without
 * the key, and revoke them; only an admin's session may. No service runs behind the gateway here,
 * so a key it lets through ends in its route's fallback (503).
 */
@WithInfrastructure
class ApiAccessIT {

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
    void anAdminCreatesAKeyShownOnceAndRevokesIt() {
        Teams.Team team = teams.create();

        HttpResponse<String> created = team.admin().post("/external/v1/api-keys", "{\"kind\": \"data\", \"name\": \"CRM sync\"}");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode key = JSON.readTree(created.body());
        String secret = key.get("key").asString();
        assertThat(secret).startsWith("eng_data_");
        assertThat(key.get("name").asString()).isEqualTo("CRM sync");
        assertThat(key.get("created_by").asString()).isEqualTo(team.adminEmail());
        assertThat(withKey(secret).statusCode()).as("the new key is let through").isEqualTo(503);

        HttpResponse<String> listed = team.admin().get("/external/v1/api-keys");
        assertThat(listed.body()).doesNotContain(secret).contains("\"prefix\":\"" + key.get("prefix").asString() + "\"");
        JsonNode mine = JSON.readTree(listed.body()).get("data").valueStream()
                .filter(entry -> entry.get("key_id").asLong() == key.get("key_id").asLong()).findFirst().orElseThrow();
        assertThat(mine.get("revoked_at").isNull()).isTrue();
        assertThat(mine.has("key")).isFalse();

        assertThat(team.admin().write("DELETE", "/external/v1/api-keys/" + key.get("key_id").asLong(), null, true).statusCode())
                .isEqualTo(204);
        assertThat(withKey(secret).statusCode()).isEqualTo(401);
    }

    @Test
    void onlyAnAdminsSessionManagesKeys() {
        Teams.Team team = teams.create();
        Browser agent = teams.invite(team, "agent");

        HttpResponse<String> byAgent = agent.post("/external/v1/api-keys", "{\"kind\": \"data\"}");
        HttpResponse<String> byKey = gateway.send(HttpRequest.newBuilder(gateway.uri(0).resolve("/external/v1/api-keys"))
                .header("x-api-key", team.apiKey()).GET());

        assertThat(byAgent.statusCode()).isEqualTo(403);
        assertThat(byAgent.body()).isEqualTo("{\"detail\":\"this needs the admin role\"}");
        assertThat(byKey.statusCode()).isEqualTo(403);
        assertThat(byKey.body()).isEqualTo("{\"detail\":\"this needs a person's session\"}");
        assertThat(team.admin().post("/external/v1/api-keys", "{\"kind\": \"admin\"}").statusCode()).isEqualTo(422);
    }

    @Test
    void anotherOrganizationsKeyCannotBeRevoked() {
        Teams.Team acme = teams.create();
        Teams.Team globex = teams.create();
        long acmeKey = JSON.readTree(acme.admin().post("/external/v1/api-keys", "{\"kind\": \"public\"}").body()).get("key_id").asLong();

        assertThat(globex.admin().write("DELETE", "/external/v1/api-keys/" + acmeKey, null, true).statusCode()).isEqualTo(404);
    }

    private static HttpResponse<String> withKey(String key) {
        return gateway.send(HttpRequest.newBuilder(gateway.uri(0).resolve("/external/v1/customers")).header("x-api-key", key).GET());
    }
}
