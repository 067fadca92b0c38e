package io.engagement.gateway.security;

import com.sun.net.httpserver.HttpServer;
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

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An organization's security settings through the gateway: their defaults, an SSO issuer accepted
 * only when its discovery document reads (a real HTTP server on loopback plays the provider's
 * document), the client secret write-only, and {@code require_mfa} keeping a member without MFA to
 * their own account.
 */
@WithInfrastructure
class SecuritySettingsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SECURITY = "/external/v1/settings/security";

    private static GatewayReplicas gateway;
    private static AccountMails mails;
    private static Teams teams;
    private static HttpServer provider;

    @BeforeAll
    static void start() throws IOException {
        gateway = GatewayReplicas.start(1, Map.of("engagement.sso.allow-loopback", "true"));
        mails = new AccountMails(SharedInfrastructure.get().kafkaBootstrapServers());
        teams = new Teams(gateway, mails);
        provider = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        provider.createContext("/.well-known/openid-configuration", exchange -> {
            String issuer = issuer();
            byte[] document = ("{\"issuer\": \"" + issuer + "\", \"authorization_endpoint\": \"" + issuer + "/authorize\", "
                    + "\"token_endpoint\": \"" + issuer + "/token\", \"jwks_uri\": \"" + issuer + "/jwks\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, document.length);
            exchange.getResponseBody().write(document);
            exchange.close();
        });
        provider.start();
    }

    @AfterAll
    static void stop() {
        provider.stop(0);
        mails.close();
        gateway.close();
    }

    @Test
    void anIssuerIsAcceptedWhenItsDiscoveryDocumentReadsAndTheSecretIsNeverShown() {
        Teams.Team team = teams.create();
        JsonNode defaults = JSON.readTree(team.admin().get(SECURITY).body());
        assertThat(defaults.get("require_mfa").asBoolean()).isFalse();
        assertThat(defaults.at("/sso/enabled").asBoolean()).isFalse();
        assertThat(defaults.at("/sso/issuer").isNull()).isTrue();
        assertThat(defaults.at("/sso/client_secret_set").asBoolean()).isFalse();
        assertThat(defaults.at("/sso/default_role").asString()).isEqualTo("agent");

        HttpResponse<String> saved = team.admin().write("PUT", SECURITY, sso(issuer(), "\"client_secret\": \"s3cret-of-the-client\","), true);

        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
        assertThat(saved.body()).doesNotContain("s3cret-of-the-client");
        JsonNode stored = JSON.readTree(team.admin().get(SECURITY).body());
        assertThat(stored.at("/sso/client_secret_set").asBoolean()).isTrue();
        assertThat(stored.at("/sso/allowed_domains/0").asString()).isEqualTo("acme.test");
        HttpResponse<String> resaved = team.admin().write("PUT", SECURITY, stored.toString(), true);
        assertThat(resaved.statusCode()).as("saved as loaded, the secret kept").isEqualTo(200);
        assertThat(JSON.readTree(resaved.body()).at("/sso/client_secret_set").asBoolean()).isTrue();
    }

    @Test
    void anIssuerWhoseDocumentCannotBeReadOrThatIsNotHttpsIsRefusedAtItsField() {
        Teams.Team team = teams.create();

        HttpResponse<String> unreadable = team.admin().write("PUT", SECURITY, sso("http://127.0.0.1:9", "\"client_secret\": \"x\","), true);
        HttpResponse<String> plainHttp = team.admin().write("PUT", SECURITY, sso("http://login.example.com", "\"client_secret\": \"x\","), true);
        HttpResponse<String> noSecret = team.admin().write("PUT", SECURITY, sso(issuer(), ""), true);

        assertThat(unreadable.statusCode()).isEqualTo(422);
        assertThat(unreadable.body()).contains("\"loc\":[\"body\",\"sso\",\"issuer\"]", "discovery document cannot be read");
        assertThat(plainHttp.statusCode()).isEqualTo(422);
        assertThat(plainHttp.body()).contains("\"loc\":[\"body\",\"sso\",\"issuer\"]", "https");
        assertThat(noSecret.statusCode()).isEqualTo(422);
        assertThat(noSecret.body()).contains("\"loc\":[\"body\",\"sso\",\"client_secret\"]");
        assertThat(JSON.readTree(team.admin().get(SECURITY).body()).at("/sso/enabled").asBoolean()).as("nothing changed").isFalse();
    }

    @Test
    void requiredMfaKeepsAMemberWithoutItToTheirOwnAccount() {
        Teams.Team team = teams.create();
        Browser agent = teams.invite(team, "agent");
        assertThat(agent.get(SECURITY).body()).contains("this needs the admin role");

        assertThat(team.admin().write("PUT", SECURITY, "{\"require_mfa\": true, \"sso\": {\"enabled\": false, \"allowed_domains\": [], "
                + "\"default_role\": \"agent\", \"enforced\": false}}", true).statusCode()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(15)).until(() -> agent.get("/external/v1/customers").statusCode() == 403);
        assertThat(agent.get("/external/v1/customers").body()).isEqualTo("{\"detail\":\"this organization requires MFA\"}");
        assertThat(agent.get("/external/v1/people").statusCode()).isEqualTo(403);
        assertThat(agent.get("/auth/v1/me").statusCode()).isEqualTo(200);
        assertThat(agent.post("/auth/v1/me/mfa", null).statusCode()).as("and may turn it on").isEqualTo(201);
    }

    private static String sso(String issuer, String secret) {
        return "{\"require_mfa\": false, \"sso\": {\"enabled\": true, \"issuer\": \"" + issuer + "\", \"client_id\": \"engagement\", " + secret
                + " \"allowed_domains\": [\"Acme.test\"], \"default_role\": \"viewer\", \"enforced\": false}}";
    }

    private static String issuer() {
        return "http://127.0.0.1:" + provider.getAddress().getPort();
    }
}
