package io.engagement.gateway.team;

import io.engagement.gateway.AccountMails;
import io.engagement.gateway.Browser;
import io.engagement.gateway.GatewayReplicas;
import io.engagement.gateway.Teams;
import io.engagement.gateway.Teams.Team;
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
 * An organization's people through the gateway: an admin invites, changes and deactivates members;
 * each role reaches what the role table allows on the data API's routes and nothing more; a key
 * cannot manage people; another organization's person does not exist. No service runs behind the
 * gateway here, so a request the gateway lets through ends in its route's fallback (503).
 */
@WithInfrastructure
class PeopleIT {

    private static final String PASSWORD = Teams.PASSWORD;
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
    void anAdminInvitesAnAgentWhoJoinsAndIsListed() {
        Team team = newTeam();
        String email = uniqueEmail("sam");

        HttpResponse<String> invited = team.admin().post("/external/v1/people",
                "{\"email\": \"" + email + "\", \"name\": \"Sam Agent\", \"role\": \"agent\", \"capacity\": 5}");

        assertThat(invited.statusCode()).as(invited.body()).isEqualTo(201);
        JsonNode member = JSON.readTree(invited.body());
        assertThat(member.get("status").asString()).isEqualTo("invited");
        assertThat(member.get("role").asString()).isEqualTo("agent");
        assertThat(member.get("capacity").asInt()).isEqualTo(5);
        assertThat(member.get("availability").asString()).isEqualTo("online");
        assertThat(team.admin().post("/external/v1/people", "{\"email\": \"" + email + "\", \"role\": \"agent\"}").body())
                .isEqualTo("{\"detail\":\"already a member\"}");
        Browser agent = join(email);
        JsonNode listed = JSON.readTree(team.admin().get("/external/v1/people?search=sam%20agent").body());
        assertThat(listed.get("total").asLong()).isEqualTo(1);
        assertThat(listed.at("/data/0/status").asString()).isEqualTo("active");
        assertThat(JSON.readTree(team.admin().get("/external/v1/people?role=admin").body()).get("total").asLong()).isEqualTo(1);
        assertThat(agent.get("/external/v1/people").statusCode()).as("every role reads the people").isEqualTo(200);
    }

    @Test
    void aResentInvitationVoidsTheOldLink() {
        Team team = newTeam();
        String email = uniqueEmail("late");
        String personId = JSON.readTree(team.admin().post("/external/v1/people", "{\"email\": \"" + email + "\", \"role\": \"viewer\"}").body())
                .get("person_id").asString();
        String first = mails.tokenFor(email, "join");

        assertThat(team.admin().post("/external/v1/people/" + personId + "/invitation", null).statusCode()).isEqualTo(202);
        String second = mails.tokenFor(email, "join");

        assertThat(accept(new Browser(gateway.uri(0)), first).statusCode()).isEqualTo(400);
        assertThat(accept(new Browser(gateway.uri(0)), second).statusCode()).isEqualTo(200);
    }

    @Test
    void eachRoleReachesWhatItsRoleAllowsOnTheDataApi() {
        Team team = newTeam();
        Browser viewer = invite(team, "viewer");
        Browser agent = invite(team, "agent");

        assertThat(viewer.get("/external/v1/customers").statusCode()).as("let through to the route").isEqualTo(503);
        assertThat(refusal(viewer.post("/external/v1/customers", "{}"))).isEqualTo("this needs the agent role");
        assertThat(refusal(viewer.post("/external/v1/external/v1/customers/bulk", "{}"))).isEqualTo("this needs the agent role");
        assertThat(agent.post("/external/v1/customers", "{}").statusCode()).isEqualTo(503);
        assertThat(agent.post("/external/v1/external/v1/customers/companies", "{}").statusCode()).isEqualTo(503);
        assertThat(agent.post("/external/v1/conversations/c-1/messages", "{}").statusCode()).isEqualTo(503);
        assertThat(agent.post("/external/v1/alerts/a-1/acknowledge", "{}").statusCode()).isEqualTo(503);
        assertThat(refusal(agent.write("DELETE", "/external/v1/customers/42", null, true))).isEqualTo("this needs the admin role");
        assertThat(refusal(agent.write("PUT", "/external/v1/settings/widget", "{}", true))).isEqualTo("this needs the admin role");
        assertThat(refusal(agent.post("/external/v1/alerts/rules", "{}"))).isEqualTo("this needs the admin role");
        assertThat(refusal(agent.post("/external/v1/people", "{\"email\": \"x@acme.test\", \"role\": \"admin\"}")))
                .isEqualTo("this needs the admin role");
        assertThat(team.admin().write("DELETE", "/external/v1/customers/42", null, true).statusCode()).isEqualTo(503);
    }

    @Test
    void aKeyCannotManagePeople() {
        Team team = newTeam();

        HttpResponse<String> withKey = gateway.send(HttpRequest.newBuilder(gateway.uri(0).resolve("/external/v1/people"))
                .header("x-api-key", team.apiKey()).GET());

        assertThat(withKey.statusCode()).isEqualTo(403);
        assertThat(withKey.body()).isEqualTo("{\"detail\":\"this needs a person's session\"}");
        assertThat(new Browser(gateway.uri(0)).get("/external/v1/people").statusCode()).isEqualTo(401);
    }

    @Test
    void anotherOrganizationsPersonIsNotFound() {
        Team acme = newTeam();
        Team globex = newTeam();
        String acmePerson = JSON.readTree(acme.admin().get("/external/v1/people").body()).at("/data/0/person_id").asString();

        HttpResponse<String> changed = globex.admin().write("PATCH", "/external/v1/people/" + acmePerson, "{\"role\": \"viewer\"}", true);

        assertThat(changed.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(globex.admin().get("/external/v1/people").body()).get("total").asLong()).isEqualTo(1);
    }

    @Test
    void theLastActiveAdminCannotBeDemotedOrDeactivated() {
        Team team = newTeam();
        String adminId = JSON.readTree(team.admin().get("/auth/v1/me").body()).at("/person/person_id").asString();

        HttpResponse<String> demoted = team.admin().write("PATCH", "/external/v1/people/" + adminId, "{\"role\": \"agent\"}", true);
        HttpResponse<String> deactivated = team.admin().write("PATCH", "/external/v1/people/" + adminId, "{\"status\": \"deactivated\"}", true);

        assertThat(demoted.statusCode()).isEqualTo(409);
        assertThat(demoted.body()).isEqualTo("{\"detail\":\"an organization keeps at least one active admin\"}");
        assertThat(deactivated.statusCode()).isEqualTo(409);
        Browser second = invite(team, "admin");
        assertThat(team.admin().write("PATCH", "/external/v1/people/" + adminId, "{\"role\": \"agent\"}", true).statusCode()).isEqualTo(200);
        String secondId = JSON.readTree(second.get("/auth/v1/me").body()).at("/person/person_id").asString();
        assertThat(second.write("PATCH", "/external/v1/people/" + secondId, "{\"status\": \"deactivated\"}", true).statusCode())
                .isEqualTo(409);
    }

    @Test
    void aDeactivatedMembersNextRequestIsRefusedAndARoleChangeTakesEffectAtOnce() {
        Team team = newTeam();
        Browser agent = invite(team, "agent");
        String agentId = JSON.readTree(agent.get("/auth/v1/me").body()).at("/person/person_id").asString();

        assertThat(team.admin().write("PATCH", "/external/v1/people/" + agentId, "{\"role\": \"viewer\"}", true).statusCode()).isEqualTo(200);
        assertThat(refusal(agent.post("/external/v1/customers", "{}"))).isEqualTo("this needs the agent role");

        HttpResponse<String> deactivated = team.admin().write("PATCH", "/external/v1/people/" + agentId, "{\"status\": \"deactivated\"}", true);
        assertThat(JSON.readTree(deactivated.body()).get("status").asString()).isEqualTo("deactivated");
        assertThat(agent.get("/external/v1/customers").statusCode()).isEqualTo(401);
        assertThat(agent.get("/auth/v1/me").statusCode()).isEqualTo(401);
        String email = JSON.readTree(deactivated.body()).get("email").asString();
        assertThat(new Browser(gateway.uri(0)).post("/auth/v1/sign-in", "{\"email\": \"" + email + "\", \"password\": \"" + PASSWORD + "\"}")
                .body()).isEqualTo("{\"detail\":\"invalid email or password\"}");
    }

    private static String refusal(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(403);
        return JSON.readTree(response.body()).get("detail").asString();
    }

    private static Team newTeam() {
        return teams.create();
    }

    private static Browser invite(Team team, String role) {
        return teams.invite(team, role);
    }

    private static Browser join(String email) {
        return teams.join(email);
    }

    private static HttpResponse<String> accept(Browser browser, String token) {
        return Teams.accept(browser, token);
    }

    private static String uniqueEmail(String who) {
        return Teams.uniqueEmail(who);
    }
}
