package io.engagement.local.alert;

import io.engagement.infra.inbox.ReceivedMail;
import io.engagement.local.support.Alerts;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.Mail;
import io.engagement.local.support.PushKeys;
import io.engagement.local.support.Receiver;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/** Alerts delivered over real HTTP, SMTP and Web Push, with retries and quiet hours. */
class AlertDeliveryIT {


    private final RunningSuite suite = RunningSuite.get();
    private final Alerts org = new Alerts(suite, suite.createOrganization("Delivery " + UUID.randomUUID()));
    private final String session = "s-" + UUID.randomUUID();

    @Test
    void aWebhookIsSignedRetriedAfterFailuresAndKeepsItsIdOnEveryAttempt() throws Exception {
        try (Receiver receiver = Receiver.failingFirst(2)) {
            Answer created = org.createRule("""
                    {"name": "hook", "type": "high_error_frequency", "threshold": 1, "frequency": "hourly",
                     "channels": [{"type": "webhook", "target": "%s"}]}""".formatted(receiver.url("/hooks/alerts")));
            String secret = created.json().get("signing_secret").asString();
            String rule = created.json().get("rule_id").asString();

            org.events(List.of(Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(10))));

            List<Receiver.Request> requests = receiver.awaitRequests(3);
            assertThat(requests).extracting(request -> request.header("webhook-id")).containsOnly(requests.get(0).header("webhook-id"));
            for (Receiver.Request request : requests) {
                assertThat(request.path()).isEqualTo("/hooks/alerts");
                assertThat(request.header("content-type")).startsWith("application/json");
                assertThat(request.header("webhook-signature")).isEqualTo(expectedSignature(secret, request));
                assertThat(Long.parseLong(request.header("webhook-timestamp"))).isCloseTo(Instant.now().getEpochSecond(), within(120L));
            }
            JsonNode body = Json.read(requests.get(2).text());
            JsonNode alert = org.awaitAlertState(body.at("/data/alert_id").asString(),
                    state -> Alerts.delivery(state, "webhook").get("status").asString().equals("delivered"));
            assertThat(body.get("type").asString()).isEqualTo("alert.raised");
            assertThat(body.get("timestamp").asString()).isEqualTo(alert.get("raised_at").asString());
            assertThat(body.at("/data/rule_id").asString()).isEqualTo(rule);
            assertThat(body.at("/data/type").asString()).isEqualTo("high_error_frequency");
            assertThat(body.at("/data/value").asDouble()).isEqualTo(1);
            assertThat(Alerts.delivery(alert, "webhook").get("attempts").asInt()).isEqualTo(3);
            assertThat(Alerts.delivery(alert, "dashboard").get("status").asString()).isEqualTo("delivered");
            assertThat(receiver.received()).hasSize(3);
        }
    }

    @Test
    void aWebhookThatNeverSucceedsFailsAfterTheLastRetry() {
        try (Receiver receiver = Receiver.failingFirst(Integer.MAX_VALUE)) {
            String rule = org.rule("""
                    {"name": "dead hook", "type": "high_error_frequency", "threshold": 1, "frequency": "hourly",
                     "channels": [{"type": "webhook", "target": "%s"}]}""".formatted(receiver.url("/dead")));

            org.events(List.of(Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(10))));

            String alertId = org.awaitAlert(rule).get("alert_id").asString();
            JsonNode failed = org.awaitAlertState(alertId, state -> Alerts.delivery(state, "webhook").get("status").asString().equals("failed"));
            assertThat(Alerts.delivery(failed, "webhook").get("attempts").asInt()).isEqualTo(9);
            assertThat(Alerts.delivery(failed, "dashboard").get("status").asString()).isEqualTo("delivered");
            assertThat(receiver.received()).isNotEmpty();
        }
    }

    @Test
    void aReceiverThatNeverAnswersDoesNotDelayAnotherOrganizationsWebhook() {
        Alerts other = new Alerts(suite, suite.createOrganization("Delivery other " + UUID.randomUUID()));
        try (Receiver stuck = Receiver.neverAnswering(); Receiver healthy = Receiver.failingFirst(0)) {
            org.rule("""
                    {"name": "stuck", "type": "high_error_frequency", "threshold": 1, "frequency": "hourly",
                     "channels": [{"type": "webhook", "target": "%s"}]}""".formatted(stuck.url("/stuck")));
            other.rule("""
                    {"name": "healthy", "type": "high_error_frequency", "threshold": 1, "frequency": "hourly",
                     "channels": [{"type": "webhook", "target": "%s"}]}""".formatted(healthy.url("/healthy")));

            org.events(List.of(Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(10))));
            stuck.awaitRequests(1);
            Instant stuckSince = Instant.now();
            other.events(List.of(Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(10))));

            // well inside the 15 s the stuck call may take
            await().atMost(java.time.Duration.ofSeconds(10)).until(() -> healthy.received().size() == 1);
            assertThat(java.time.Duration.between(stuckSince, Instant.now())).isLessThan(java.time.Duration.ofSeconds(15));
        }
    }

    @Test
    void aTeamWorkspaceGetsASlackCompatibleMessage() {
        try (Receiver receiver = Receiver.failingFirst(0)) {
            String rule = org.rule("""
                    {"name": "slack", "type": "repeated_api_failures", "threshold": 2, "frequency": "daily",
                     "channels": [{"type": "team_workspace", "target": "%s"}]}""".formatted(receiver.url("/services/T0/B0/x")));

            org.events(List.of(
                    Alerts.apiCall(session, Alerts.hourStart(1).plusSeconds(1), "https://api.example.com/pay", 500, 30),
                    Alerts.apiCall(session, Alerts.hourStart(1).plusSeconds(2), "https://api.example.com/pay", 502, 30)));

            JsonNode message = Json.read(receiver.awaitRequests(1).get(0).text());
            JsonNode alert = org.awaitAlert(rule);
            assertThat(message.get("text").asString()).isEqualTo("Alert: repeated api failures — " + alert.get("message").asString());
            assertThat(message.get("blocks").size()).isEqualTo(4);
            assertThat(message.at("/blocks/0/type").asString()).isEqualTo("header");
            assertThat(message.at("/blocks/1/text/text").asString()).isEqualTo(alert.get("message").asString());
            assertThat(message.at("/blocks/2/text/text").asString()).contains("https://api.example.com/pay");
            org.awaitAlertState(alert.get("alert_id").asString(),
                    state -> Alerts.delivery(state, "team_workspace").get("status").asString().equals("delivered"));
        }
    }

    @Test
    void anAlertEmailArrivesThroughTheMessagingService() {
        String to = "oncall-" + UUID.randomUUID() + "@example.com";
        String rule = org.rule("""
                {"name": "mail", "type": "high_error_frequency", "threshold": 2, "frequency": "hourly",
                 "channels": [{"type": "email", "target": "%s"}]}""".formatted(to));

        org.events(List.of(Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(1)),
                Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(2))));

        JsonNode alert = org.awaitAlert(rule);
        await().atMost(Mail.DELIVERED).until(() -> mailTo(to).size() == 1);
        ReceivedMail mail = mailTo(to).get(0);
        assertThat(mail.subject()).isEqualTo("Alert: high error frequency — " + alert.get("message").asString());
        assertThat(mail.text()).contains("Alert id: " + alert.get("alert_id").asString()).contains("Confidence: 80");
        JsonNode delivered = org.awaitAlertState(alert.get("alert_id").asString(),
                state -> Alerts.delivery(state, "email").get("status").asString().equals("delivered"));
        assertThat(Alerts.delivery(delivered, "email").get("attempts").asInt()).isEqualTo(1);
    }

    @Test
    void aPushMessageIsEncryptedForTheSubscriptionAndAuthorizedWithVapid() throws Exception {
        PushKeys browser = PushKeys.generate();
        try (Receiver pushService = Receiver.failingFirst(0)) {
            String rule = org.rule("""
                    {"name": "push", "type": "high_error_frequency", "threshold": 1, "frequency": "hourly",
                     "channels": [{"type": "push", "target": %s}]}""".formatted(browser.subscription(pushService.url("/push/subscription-1"))));

            org.events(List.of(Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(5))));

            Receiver.Request push = pushService.awaitRequests(1).get(0);
            JsonNode alert = org.awaitAlert(rule);
            assertThat(push.path()).isEqualTo("/push/subscription-1");
            assertThat(push.header("content-encoding")).isEqualTo("aes128gcm");
            assertThat(push.header("ttl")).isEqualTo("86400");
            assertThat(push.header("authorization")).startsWith("vapid t=").contains(", k=");
            JsonNode payload = Json.read(browser.decrypt(push.body()));
            assertThat(payload.get("alert_id").asString()).isEqualTo(alert.get("alert_id").asString());
            assertThat(payload.get("title").asString()).isEqualTo("Alert: high error frequency");
            assertThat(payload.get("body").asString()).isEqualTo(alert.get("message").asString());
        }
    }

    @Test
    void duringQuietHoursTheAlertIsShownButItsOtherDeliveriesAreDeferred() {
        try (Receiver receiver = Receiver.failingFirst(0)) {
            LocalTime now = LocalTime.now(ZoneOffset.UTC);
            DateTimeFormatter hhmm = DateTimeFormatter.ofPattern("HH:mm");
            String rule = org.rule("""
                    {"name": "quiet", "type": "high_error_frequency", "threshold": 1, "frequency": "hourly",
                     "quiet_hours": {"timezone": "UTC", "start": "%s", "end": "%s"},
                     "channels": [{"type": "webhook", "target": "%s"}]}"""
                    .formatted(now.minusHours(1).format(hhmm), now.plusHours(2).format(hhmm), receiver.url("/quiet")));

            org.events(List.of(Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(5))));

            JsonNode alert = org.awaitAlert(rule);
            assertThat(alert.get("status").asString()).isEqualTo("open");
            assertThat(Alerts.delivery(alert, "dashboard").get("status").asString()).isEqualTo("delivered");
            assertThat(Alerts.delivery(alert, "webhook").get("status").asString()).isEqualTo("deferred");
            assertThat(Alerts.delivery(alert, "webhook").get("attempts").asInt()).isZero();
            assertThat(receiver.received()).isEmpty();
        }
    }

    private List<ReceivedMail> mailTo(String address) {
        return suite.smtp.received().stream()
                .filter(mail -> mail.to().stream().anyMatch(to -> to.address().equalsIgnoreCase(address)))
                .toList();
    }

    /** The receiver's side of Standard Webhooks: HMAC-SHA256 of "id.timestamp.body" under the secret's base64 part. */
    private static String expectedSignature(String secret, Receiver.Request request) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        String signed = request.header("webhook-id") + "." + request.header("webhook-timestamp") + "." + request.text();
        return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
    }
}
