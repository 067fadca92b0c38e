package io.engagement.gateway.signin;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import io.engagement.gateway.AccountMails;
import io.engagement.gateway.Browser;
import io.engagement.gateway.GatewayReplicas;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.apache.commons.codec.binary.Base32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A person's second factor through the gateway, with an authenticator played by java-otp: set up,
 * confirmed by a first code, then asked for at sign-in; a code works once, a recovery code stands in
 * once, and turning it off takes a code.
 */
@WithInfrastructure
class MfaIT {

    private static final String PASSWORD = "correct horse battery";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static GatewayReplicas gateway;
    private static AccountMails mails;

    @BeforeAll
    static void start() {
        gateway = GatewayReplicas.start(1, Map.of());
        mails = new AccountMails(SharedInfrastructure.get().kafkaBootstrapServers());
    }

    @AfterAll
    static void stop() {
        mails.close();
        gateway.close();
    }

    @Test
    void aConfirmedSecretIsAskedForAtSignInAndEachCodeWorksOnce() throws Exception {
        String email = joinedAdmin();
        Browser browser = signedIn(email);

        JsonNode setup = JSON.readTree(browser.post("/auth/v1/me/mfa", null).body());
        String secret = setup.get("secret").asString();
        URI otpauth = URI.create(setup.get("otpauth_uri").asString());
        assertThat(otpauth.getScheme()).isEqualTo("otpauth");
        assertThat(URLDecoder.decode(otpauth.getRawPath(), StandardCharsets.UTF_8)).isEqualTo("/Engagement Suite:" + email);
        assertThat(otpauth.getQuery()).contains("secret=" + secret, "digits=6", "period=30", "algorithm=SHA1");
        assertThat(JSON.readTree(browser.get("/auth/v1/me").body()).at("/person/mfa_enabled").asBoolean())
                .as("not on before a first code").isFalse();
        assertThat(browser.post("/auth/v1/me/mfa/confirm", "{\"otp\": \"000000\"}").statusCode()).isEqualTo(401);

        String first = code(secret, 0);
        HttpResponse<String> confirmed = browser.post("/auth/v1/me/mfa/confirm", "{\"otp\": \"" + first + "\"}");
        assertThat(confirmed.statusCode()).as(confirmed.body()).isEqualTo(200);
        JsonNode recovery = JSON.readTree(confirmed.body()).get("recovery_codes");
        assertThat(recovery).hasSize(10);
        assertThat(JSON.readTree(browser.get("/auth/v1/me").body()).at("/person/mfa_enabled").asBoolean()).isTrue();

        Browser next = new Browser(gateway.uri(0));
        HttpResponse<String> withoutCode = withoutOtp(next, email);
        assertThat(withoutCode.statusCode()).isEqualTo(401);
        assertThat(withoutCode.body()).isEqualTo("{\"detail\":\"one-time code required\"}");
        HttpResponse<String> usedCode = signIn(next, email, first);
        assertThat(usedCode.statusCode()).as("the confirming code was used").isEqualTo(401);
        assertThat(usedCode.body()).isEqualTo("{\"detail\":\"invalid one-time code\"}");

        String fresh = code(secret, 1);
        assertThat(signIn(next, email, fresh).statusCode()).isEqualTo(200);
        assertThat(signIn(new Browser(gateway.uri(0)), email, fresh).statusCode()).as("a code accepted once").isEqualTo(401);

        String recoveryCode = recovery.get(0).asString();
        assertThat(signIn(new Browser(gateway.uri(0)), email, recoveryCode).statusCode()).isEqualTo(200);
        assertThat(signIn(new Browser(gateway.uri(0)), email, recoveryCode).statusCode()).as("a recovery code once").isEqualTo(401);

        assertThat(next.write("DELETE", "/auth/v1/me/mfa", "{\"otp\": \"123456\"}", true).statusCode()).isEqualTo(401);
        assertThat(next.write("DELETE", "/auth/v1/me/mfa", "{\"otp\": \"" + recovery.get(1).asString() + "\"}", true).statusCode())
                .isEqualTo(204);
        assertThat(withoutOtp(new Browser(gateway.uri(0)), email).statusCode()).isEqualTo(200);
    }

    /** The authenticator's code {@code stepsAhead} steps after now: each step's code is a new one. */
    private static String code(String secret, int stepsAhead) throws Exception {
        TimeBasedOneTimePasswordGenerator totp = new TimeBasedOneTimePasswordGenerator(Duration.ofSeconds(30), 6);
        return totp.generateOneTimePasswordString(new SecretKeySpec(new Base32().decode(secret), "RAW"),
                Instant.now().plusSeconds(30L * stepsAhead));
    }

    private static HttpResponse<String> withoutOtp(Browser browser, String email) {
        return browser.post("/auth/v1/sign-in", "{\"email\": \"" + email + "\", \"password\": \"" + PASSWORD + "\"}");
    }

    private static HttpResponse<String> signIn(Browser browser, String email, String otp) {
        return browser.post("/auth/v1/sign-in", "{\"email\": \"" + email + "\", \"password\": \"" + PASSWORD + "\", \"otp\": \"" + otp + "\"}");
    }

    private static Browser signedIn(String email) {
        Browser browser = new Browser(gateway.uri(0));
        assertThat(withoutOtp(browser, email).statusCode()).isEqualTo(200);
        return browser;
    }

    private static String joinedAdmin() {
        String email = "mfa-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.test";
        assertThat(gateway.admin(0, "POST", "/admin/v1/organizations", "{\"name\": \"Acme\", \"admin_email\": \"" + email + "\"}")
                .statusCode()).isEqualTo(201);
        HttpResponse<String> joined = new Browser(gateway.uri(0)).post("/auth/v1/invitations/accept",
                "{\"token\": \"" + mails.tokenFor(email, "join") + "\", \"password\": \"" + PASSWORD + "\"}");
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(200);
        return email;
    }
}
