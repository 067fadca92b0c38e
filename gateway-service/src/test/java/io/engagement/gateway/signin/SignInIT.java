package io.engagement.gateway.signin;

import io.engagement.gateway.AccountMails;
import io.engagement.gateway.Browser;
import io.engagement.gateway.GatewayReplicas;
import io.engagement.platform.binding.BindingContainers;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Sign-in through two gateway replicas on one database and broker: an invitation accepted with a
 * password, sign-in and sign-out with their cookies, the CSRF token, fixation, lockout, password
 * changes and resets, and a session ended on one replica refused by the other at once.
 */
@WithInfrastructure
class SignInIT {

    private static final String PASSWORD = "correct horse battery";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static GatewayReplicas replicas;
    private static AccountMails mails;

    @BeforeAll
    static void start() {
        replicas = GatewayReplicas.start(2, Map.of("engagement.session.cache-ttl", "10m"));
        for (int replica = 0; replica < 2; replica++) {
            BindingContainers bindings = replicas.context(replica).getBean(BindingContainers.class);
            await().atMost(Duration.ofSeconds(60)).until(() -> !bindings.assignedPartitions("sessionEnded-in-0").isEmpty());
        }
        mails = new AccountMails(SharedInfrastructure.get().kafkaBootstrapServers());
    }

    @AfterAll
    static void stop() {
        mails.close();
        replicas.close();
    }

    @Test
    void anInvitedAdminJoinsWithAPasswordAndIsSignedInWithBothCookies() {
        String email = uniqueEmail("ana");
        long organizationId = organizationWithAdmin("Acme", email);
        Browser browser = new Browser(replicas.uri(0));

        HttpResponse<String> joined = browser.post("/auth/v1/invitations/accept",
                "{\"token\": \"" + mails.tokenFor(email, "join") + "\", \"name\": \"Ana Admin\", \"password\": \"" + PASSWORD + "\"}");

        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(200);
        JsonNode answer = JSON.readTree(joined.body());
        assertThat(answer.at("/person/email").asString()).isEqualTo(email);
        assertThat(answer.at("/person/role").asString()).isEqualTo("admin");
        assertThat(answer.at("/person/status").asString()).isEqualTo("active");
        assertThat(answer.at("/person/person_id").asString()).startsWith("per_");
        assertThat(answer.at("/organization/organization_id").asLong()).isEqualTo(organizationId);
        assertThat(answer.at("/organization/name").asString()).isEqualTo("Acme");
        assertThat(answer.at("/organizations/0/role").asString()).isEqualTo("admin");
        assertThat(answer.get("expires_at").asString()).isNotBlank();
        String sessionCookie = joined.headers().allValues("Set-Cookie").stream().filter(cookie -> cookie.startsWith("engagement_session="))
                .findFirst().orElseThrow();
        assertThat(sessionCookie).containsIgnoringCase("HttpOnly").contains("SameSite=Lax").contains("Path=/").doesNotContain("Secure");
        assertThat(browser.cookie("XSRF-TOKEN")).isPresent();
        assertThat(browser.get("/auth/v1/me").statusCode()).isEqualTo(200);
    }

    @Test
    void aWrongPasswordAndAnUnknownAddressAnswerAlike() {
        String email = uniqueEmail("sam");
        join(organizationWithAdmin("Acme", email), email);
        Browser browser = new Browser(replicas.uri(0));

        HttpResponse<String> wrongPassword = signIn(browser, email, "not the password at all");
        HttpResponse<String> unknown = signIn(browser, uniqueEmail("nobody"), PASSWORD);

        assertThat(wrongPassword.statusCode()).isEqualTo(401);
        assertThat(unknown.statusCode()).isEqualTo(401);
        assertThat(wrongPassword.body()).isEqualTo(unknown.body()).isEqualTo("{\"detail\":\"invalid email or password\"}");
        assertThat(browser.cookie("engagement_session")).isEmpty();
    }

    @Test
    void theSixthFailureLocksTheAddressEvenForTheRightPassword() {
        String email = uniqueEmail("lou");
        join(organizationWithAdmin("Acme", email), email);
        Browser browser = new Browser(replicas.uri(0));
        for (int failure = 1; failure <= 5; failure++) {
            assertThat(signIn(browser, email, "wrong password " + failure).statusCode()).isEqualTo(401);
        }

        HttpResponse<String> locked = signIn(browser, email, PASSWORD);

        assertThat(locked.statusCode()).isEqualTo(429);
        assertThat(locked.body()).contains("too many failed sign-ins");
        assertThat(Long.parseLong(locked.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 900L);
        HttpResponse<String> unknownLocked = lockedUnknownAddress(browser);
        assertThat(unknownLocked.statusCode()).as("unknown addresses lock alike").isEqualTo(429);
    }

    private static HttpResponse<String> lockedUnknownAddress(Browser browser) {
        String unknown = uniqueEmail("ghost");
        for (int failure = 1; failure <= 5; failure++) {
            signIn(browser, unknown, "wrong password " + failure);
        }
        return signIn(browser, unknown, PASSWORD);
    }

    @Test
    void aCookieSetBeforeSignInIsNeverTheSessionAfterIt() {
        String email = uniqueEmail("fix");
        join(organizationWithAdmin("Acme", email), email);
        Browser browser = new Browser(replicas.uri(0));
        browser.plant("engagement_session", "chosen-by-an-attacker");

        HttpResponse<String> signedIn = signIn(browser, email, PASSWORD);

        assertThat(signedIn.statusCode()).isEqualTo(200);
        assertThat(signedIn.headers().allValues("Set-Cookie")).anySatisfy(cookie -> assertThat(cookie)
                .startsWith("engagement_session=").doesNotStartWith("engagement_session=chosen-by-an-attacker"));
        Browser attacker = new Browser(replicas.uri(0));
        attacker.plant("engagement_session", "chosen-by-an-attacker");
        assertThat(attacker.get("/auth/v1/me").statusCode()).isEqualTo(401);
    }

    @Test
    void aWriteWithTheCookieButWithoutTheCsrfHeaderChangesNothing() {
        String email = uniqueEmail("csrf");
        join(organizationWithAdmin("Acme", email), email);
        Browser browser = new Browser(replicas.uri(0));
        signIn(browser, email, PASSWORD);

        HttpResponse<String> forged = browser.write("POST", "/auth/v1/sign-out", null, false);
        HttpResponse<String> forgedRename = browser.write("PATCH", "/auth/v1/me", "{\"name\": \"Mallory\"}", false);

        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(forged.body()).isEqualTo("{\"detail\":\"CSRF token missing or invalid\"}");
        assertThat(forgedRename.statusCode()).isEqualTo(403);
        HttpResponse<String> me = browser.get("/auth/v1/me");
        assertThat(me.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(me.body()).at("/person/name").asString()).isNotEqualTo("Mallory");
    }

    @Test
    void aSessionSignedOutThroughOneReplicaIsRefusedByTheOtherWithinASecond() {
        String email = uniqueEmail("out");
        join(organizationWithAdmin("Acme", email), email);
        Browser first = new Browser(replicas.uri(0));
        signIn(first, email, PASSWORD);
        Browser second = first.on(replicas.uri(1));
        assertThat(second.get("/auth/v1/me").statusCode()).isEqualTo(200);

        assertThat(first.post("/auth/v1/sign-out", null).statusCode()).isEqualTo(204);

        await().atMost(Duration.ofMillis(1500)).pollInterval(Duration.ofMillis(50))
                .until(() -> second.get("/auth/v1/me").statusCode() == 401);
        assertThat(first.get("/auth/v1/me").statusCode()).isEqualTo(401);
    }

    @Test
    void anInvitationTokenWorksOnce() {
        String email = uniqueEmail("once");
        organizationWithAdmin("Acme", email);
        String token = mails.tokenFor(email, "join");
        String body = "{\"token\": \"" + token + "\", \"password\": \"" + PASSWORD + "\"}";

        assertThat(new Browser(replicas.uri(0)).post("/auth/v1/invitations/accept", body).statusCode()).isEqualTo(200);
        HttpResponse<String> again = new Browser(replicas.uri(1)).post("/auth/v1/invitations/accept", body);

        assertThat(again.statusCode()).isEqualTo(400);
        assertThat(again.body()).isEqualTo("{\"detail\":\"invalid or expired token\"}");
    }

    @Test
    void acceptingWithoutAPasswordOrWithAShortOneIsRefusedAtItsField() {
        String email = uniqueEmail("short");
        organizationWithAdmin("Acme", email);
        String token = mails.tokenFor(email, "join");
        Browser browser = new Browser(replicas.uri(0));

        HttpResponse<String> none = browser.post("/auth/v1/invitations/accept", "{\"token\": \"" + token + "\"}");

        HttpResponse<String> tooShort = browser.post("/auth/v1/invitations/accept", "{\"token\": \"" + token + "\", \"password\": \"short\"}");
        HttpResponse<String> theAddress = browser.post("/auth/v1/invitations/accept",
                "{\"token\": \"" + token + "\", \"password\": \"" + email + "\"}");

        assertThat(none.statusCode()).isEqualTo(422);
        assertThat(none.body()).contains("\"loc\":[\"body\",\"password\"]").contains("\"type\":\"missing\"");
        assertThat(tooShort.statusCode()).isEqualTo(422);
        assertThat(tooShort.body()).contains("\"type\":\"string_too_short\"").doesNotContain("\"short\"");
        assertThat(theAddress.statusCode()).isEqualTo(422);
        assertThat(theAddress.body()).contains("\"type\":\"value_error\"");
        assertThat(browser.post("/auth/v1/invitations/accept", "{\"token\": \"" + token + "\", \"password\": \"" + PASSWORD + "\"}")
                .statusCode()).as("a refused attempt leaves the link working").isEqualTo(200);
    }

    @Test
    void aPasswordResetSetsANewPasswordOnceAndEndsEverySession() {
        String email = uniqueEmail("reset");
        join(organizationWithAdmin("Acme", email), email);
        Browser signedIn = new Browser(replicas.uri(0));
        signIn(signedIn, email, PASSWORD);
        Browser anyone = new Browser(replicas.uri(1));

        HttpResponse<String> requested = anyone.post("/auth/v1/password-reset", "{\"email\": \"" + email + "\"}");
        HttpResponse<String> requestedUnknown = anyone.post("/auth/v1/password-reset", "{\"email\": \"" + uniqueEmail("none") + "\"}");
        assertThat(requested.statusCode()).isEqualTo(202);
        assertThat(requested.body()).isEqualTo(requestedUnknown.body())
                .isEqualTo("{\"detail\":\"if this address has an account, a reset link is on its way\"}");
        String token = mails.tokenFor(email, "reset");

        String confirm = "{\"token\": \"" + token + "\", \"password\": \"a brand new passphrase\"}";
        assertThat(anyone.post("/auth/v1/password-reset/confirm", confirm).statusCode()).isEqualTo(204);
        assertThat(anyone.post("/auth/v1/password-reset/confirm", confirm).statusCode()).isEqualTo(400);

        await().atMost(Duration.ofMillis(1500)).until(() -> signedIn.get("/auth/v1/me").statusCode() == 401);
        assertThat(signIn(new Browser(replicas.uri(0)), email, PASSWORD).statusCode()).isEqualTo(401);
        assertThat(signIn(new Browser(replicas.uri(0)), email, "a brand new passphrase").statusCode()).isEqualTo(200);
    }

    @Test
    void aNewPasswordEndsTheOtherSessionsAndKeepsThisOne() {
        String email = uniqueEmail("change");
        join(organizationWithAdmin("Acme", email), email);
        Browser here = new Browser(replicas.uri(0));
        Browser elsewhere = new Browser(replicas.uri(1));
        signIn(here, email, PASSWORD);
        signIn(elsewhere, email, PASSWORD);

        HttpResponse<String> wrong = here.write("PUT", "/auth/v1/me/password",
                "{\"current_password\": \"not it at all\", \"new_password\": \"another long passphrase\"}", true);
        HttpResponse<String> changed = here.write("PUT", "/auth/v1/me/password",
                "{\"current_password\": \"" + PASSWORD + "\", \"new_password\": \"another long passphrase\"}", true);

        assertThat(wrong.statusCode()).isEqualTo(403);
        assertThat(wrong.body()).contains("current password is wrong");
        assertThat(changed.statusCode()).isEqualTo(204);
        assertThat(here.get("/auth/v1/me").statusCode()).isEqualTo(200);
        await().atMost(Duration.ofMillis(1500)).until(() -> elsewhere.get("/auth/v1/me").statusCode() == 401);
    }

    @Test
    void thePersonListsTheirSessionsAndEndsOne() {
        String email = uniqueEmail("list");
        join(organizationWithAdmin("Acme", email), email);
        Browser here = new Browser(replicas.uri(0));
        Browser other = new Browser(replicas.uri(0));
        signIn(here, email, PASSWORD);
        signIn(other, email, PASSWORD);

        JsonNode sessions = JSON.readTree(here.get("/auth/v1/sessions").body()).get("data");
        assertThat(sessions).as("joining signed in too").hasSize(3);
        assertThat(sessions.valueStream().filter(session -> session.get("current").asBoolean())).hasSize(1);
        JsonNode newest = sessions.get(2);
        assertThat(newest.get("current").asBoolean()).isFalse();
        assertThat(newest.get("session_id").asString()).startsWith("ses_");
        assertThat(newest.get("ip").asString()).isEqualTo("127.0.0.1");

        assertThat(here.write("DELETE", "/auth/v1/sessions/" + newest.get("session_id").asString(), null, true).statusCode())
                .isEqualTo(204);
        assertThat(other.get("/auth/v1/me").statusCode()).isEqualTo(401);
        assertThat(here.get("/auth/v1/me").statusCode()).isEqualTo(200);
    }

    static HttpResponse<String> signIn(Browser browser, String email, String password) {
        return browser.post("/auth/v1/sign-in", "{\"email\": \"" + email + "\", \"password\": \"" + password + "\"}");
    }

    /** A new organization whose first admin, {@code email}, is invited. */
    static long organizationWithAdmin(String name, String email) {
        HttpResponse<String> created = replicas.admin(0, "POST", "/admin/v1/organizations",
                "{\"name\": \"" + name + "\", \"admin_email\": \"" + email + "\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body()).get("organization_id").asLong();
    }

    static void join(long organizationId, String email) {
        HttpResponse<String> joined = new Browser(replicas.uri(0)).post("/auth/v1/invitations/accept",
                "{\"token\": \"" + mails.tokenFor(email, "join") + "\", \"password\": \"" + PASSWORD + "\"}");
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(200);
    }

    static String uniqueEmail(String who) {
        return who + "-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.test";
    }
}
