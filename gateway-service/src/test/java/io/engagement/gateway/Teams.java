package io.engagement.gateway;

import tools.jackson.databind.ObjectMapper;

import java.net.http.HttpResponse;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Organizations with people, made through the gateway as an installation makes them: the operator
 * creates the organization with its first admin, invitations arrive by mail, and each is accepted
 * with a password in a browser of its own.
 */
public final class Teams {

    public static final String PASSWORD = "correct horse battery";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final GatewayReplicas gateway;
    private final AccountMails mails;

    public Teams(GatewayReplicas gateway, AccountMails mails) {
        this.gateway = gateway;
        this.mails = mails;
    }

    /** A new organization with its first admin signed in. */
    public Team create() {
        String email = uniqueEmail("admin");
        HttpResponse<String> created = gateway.admin(0, "POST", "/admin/v1/organizations",
                "{\"name\": \"Acme\", \"admin_email\": \"" + email + "\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        var body = JSON.readTree(created.body());
        return new Team(join(email), email, body.get("organization_id").asLong(), body.get("api_key").asString());
    }

    /** A member of {@code role} invited by the team's admin, signed in. */
    public Browser invite(Team team, String role) {
        String email = uniqueEmail(role);
        HttpResponse<String> invited = team.admin().post("/external/v1/people", "{\"email\": \"" + email + "\", \"role\": \"" + role + "\"}");
        assertThat(invited.statusCode()).as(invited.body()).isEqualTo(201);
        return join(email);
    }

    public Browser join(String email) {
        Browser browser = new Browser(gateway.uri(0));
        HttpResponse<String> joined = accept(browser, mails.tokenFor(email, "join"));
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(200);
        return browser;
    }

    public static HttpResponse<String> accept(Browser browser, String token) {
        return browser.post("/auth/v1/invitations/accept", "{\"token\": \"" + token + "\", \"password\": \"" + PASSWORD + "\"}");
    }

    public static String uniqueEmail(String who) {
        return who + "-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.test";
    }

    /** An organization's first admin, signed in, with its first data key. */
    public record Team(Browser admin, String adminEmail, long organizationId, String apiKey) {
    }
}
