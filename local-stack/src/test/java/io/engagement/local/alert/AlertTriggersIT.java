package io.engagement.local.alert;

import io.engagement.local.support.Alerts;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.Routes;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The alert triggers from real telemetry through the gateway, the broker and session intelligence:
 * each fires as a {@code trigger.<name>} alert and an in-widget prompt for its session; a trigger
 * that is off or not sure enough fires nothing; quiet hours hold the prompt back; another
 * organization sees none of it. A non-event is proven by a later trigger of the same session:
 * evaluation sees a session's events in order, so once the later alert is visible the earlier
 * trigger has had its chance.
 */
class AlertTriggersIT {

    private static final String PROMPTS = "/widget/v1/prompts";
    private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm");

    private final RunningSuite suite = RunningSuite.get();
    private final Alerts org = new Alerts(suite, suite.createOrganization("Triggers " + UUID.randomUUID()));
    private final String session = "s-" + UUID.randomUUID();
    private final String customer = "cust-" + UUID.randomUUID();
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60);

    @Test
    void errorsFailuresAndSlowCallsFireTheirTriggersOncePerSessionAsWidgetPrompts() {
        configure(settings -> {
            on(settings, "technical_assistance", 70);
            on(settings, "api_failure", 70);
            on(settings, "slow_failing_actions", 70);
        });
        List<String> events = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            events.add(withCustomer(Alerts.consoleError(session, now.plusSeconds(i))));
        }
        for (int i = 0; i < 5; i++) {
            events.add(withCustomer(Alerts.apiCall(session, now.plusSeconds(10 + i), "https://api.example.com/pay", i < 3 ? 503 : 200, 4000)));
        }

        org.events(events);

        JsonNode assistance = awaitTrigger("technical_assistance");
        JsonNode failure = awaitTrigger("api_failure");
        JsonNode slow = awaitTrigger("slow_failing_actions");
        assertThat(assistance.get("message").asString()).isEqualTo("Prompt for technical_assistance");
        assertThat(assistance.get("value").asDouble()).isEqualTo(3);
        assertThat(assistance.get("threshold").asDouble()).isEqualTo(3);
        assertThat(assistance.get("confidence").asDouble()).isEqualTo(80);
        assertThat(assistance.get("subject").asString()).isEqualTo(customer);
        assertThat(assistance.get("rule_id").isNull()).isTrue();
        assertThat(assistance.get("status").asString()).isEqualTo("open");
        assertThat(assistance.get("window_start").asString()).isEqualTo(now.toString());
        assertThat(failure.get("value").asDouble()).isEqualTo(3);
        assertThat(slow.get("value").asDouble()).isEqualTo(4000);
        assertThat(slow.get("confidence").asDouble()).isEqualTo(70);
        assertThat(Alerts.delivery(assistance, "widget").get("status").asString()).isEqualTo("pending");
        assertThat(org.get(Alerts.ALERTS + "?type=trigger.technical_assistance").json().get("total").asInt()).isEqualTo(1);

        Answer prompts = prompts(org, session);
        assertThat(prompts.status()).as(prompts.body()).isEqualTo(200);
        assertThat(prompts.response().headers().firstValue("Access-Control-Allow-Origin")).isPresent();
        assertThat(prompts.json().get("session_id").asString()).isEqualTo(session);
        assertThat(StreamSupport.stream(prompts.json().get("prompts").spliterator(), false).map(p -> p.get("trigger").asString()))
                .containsExactlyInAnyOrder("technical_assistance", "api_failure", "slow_failing_actions");
        JsonNode first = StreamSupport.stream(prompts.json().get("prompts").spliterator(), false)
                .filter(p -> p.get("trigger").asString().equals("technical_assistance")).findFirst().orElseThrow();
        assertThat(first.get("prompt_id").asString()).isEqualTo(assistance.get("alert_id").asString());
        assertThat(first.get("message").asString()).isEqualTo("Prompt for technical_assistance");
        assertThat(prompts(org, session).json().get("prompts")).isEmpty();
        JsonNode handedOut = org.get(Alerts.ALERTS + "/" + assistance.get("alert_id").asString()).json();
        assertThat(Alerts.delivery(handedOut, "widget").get("status").asString()).isEqualTo("delivered");
        assertThat(Alerts.delivery(handedOut, "widget").get("attempts").asInt()).isEqualTo(1);

        Answer acknowledged = org.post(Alerts.ALERTS + "/" + assistance.get("alert_id").asString() + "/acknowledge", "");
        assertThat(acknowledged.json().get("status").asString()).isEqualTo("acknowledged");
    }

    @Test
    void aTriggerThatIsOffOrNotSureEnoughFiresNothing() {
        configure(settings -> {
            on(settings, "technical_assistance", 95);
            on(settings, "api_failure", 70);
        });
        String other = "s-" + UUID.randomUUID();
        List<String> events = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            events.add(Alerts.consoleError(session, now.plusSeconds(i)));
            events.add(Alerts.apiCall(other, now.plusSeconds(i), "https://api.example.com/slow", 200, 9000));
        }
        for (int i = 0; i < 3; i++) {
            events.add(Alerts.apiCall(session, now.plusSeconds(10 + i), "https://api.example.com/pay", 500, 10));
            events.add(Alerts.apiCall(other, now.plusSeconds(10 + i), "https://api.example.com/pay", 500, 9000));
        }

        org.events(events);

        awaitTrigger("api_failure");
        await().atMost(Alerts.RAISED).until(() -> org.get(Alerts.ALERTS + "?type=trigger.api_failure").json().get("total").asInt() == 2);
        assertThat(org.get(Alerts.ALERTS + "?type=trigger.technical_assistance").json().get("total").asInt()).isZero();
        assertThat(org.get(Alerts.ALERTS + "?type=trigger.slow_failing_actions").json().get("total").asInt()).isZero();
    }

    @Test
    void aBillingPageLeftQuicklyWithoutAnotherPageViewIsAbandoned() {
        configure(settings -> on(settings, "billing_abandonment", 70));
        String stayed = "s-" + UUID.randomUUID();

        org.events(List.of(
                page("page_view", session, "https://app.example.com/settings/billing", now, ""),
                page("page_leave", session, "https://app.example.com/settings/billing", now.plusSeconds(8), ", \"duration_ms\": 8000"),
                page("page_view", stayed, "https://app.example.com/pricing", now, ""),
                page("page_leave", stayed, "https://app.example.com/pricing", now.plusSeconds(5), ", \"duration_ms\": 5000"),
                page("page_view", stayed, "https://app.example.com/signup", now.plusSeconds(6), "")));

        JsonNode alert = awaitTrigger("billing_abandonment");
        assertThat(alert.get("subject").asString()).isEqualTo(session);
        assertThat(alert.get("value").asDouble()).isEqualTo(8);
        assertThat(alert.get("threshold").asDouble()).isEqualTo(30);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(92);
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(12))
                .until(() -> org.get(Alerts.ALERTS + "?type=trigger.billing_abandonment").json().get("total").asInt() == 1);
    }

    @Test
    void aCustomersFirstSessionIsOnboardingAndTheirReturnAfterSixWeeksIsReEngagement() {
        configure(settings -> {
            on(settings, "onboarding", 70);
            on(settings, "re_engagement", 70);
        });
        Instant sixWeeksAgo = now.minus(Duration.ofDays(42));

        org.events(List.of(withCustomer(Alerts.pageView(session, sixWeeksAgo))));

        JsonNode onboarding = awaitTrigger("onboarding");
        assertThat(onboarding.get("subject").asString()).isEqualTo(customer);
        assertThat(onboarding.get("confidence").asDouble()).isEqualTo(70);
        assertThat(prompts(org, session).json().at("/prompts/0/trigger").asString()).isEqualTo("onboarding");

        String returning = "s-" + UUID.randomUUID();
        org.events(List.of(withCustomer(Alerts.pageView(returning, now))));

        JsonNode back = awaitTrigger("re_engagement");
        assertThat(back.get("subject").asString()).isEqualTo(customer);
        assertThat(back.get("value").asDouble()).isEqualTo(42);
        assertThat(back.get("threshold").asDouble()).isEqualTo(30);
        assertThat(back.get("confidence").asDouble()).isEqualTo(82);
        assertThat(prompts(org, returning).json().at("/prompts/0/trigger").asString()).isEqualTo("re_engagement");
        assertThat(org.get(Alerts.ALERTS + "?type=trigger.onboarding").json().get("total").asInt()).isEqualTo(1);
    }

    @Test
    void aCustomerOfTwentyDaysWhoNeverViewedTheCollectionIsPromptedToDiscoverItAndOneWhoViewedItIsNot() {
        PageAnalytics site = new PageAnalytics(suite, org.org());
        String reports;
        try (TopicReader topic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.COLLECTION)) {
            reports = site.createdId("{\"name\": \"Reports\", \"url_patterns\": [\"reports\"]}");
            // the membership is on its topic before any session is judged against it
            topic.awaitMatching(record -> record.key().equals(org.org().id() + ":" + reports), 1);
        }
        configure(settings -> {
            on(settings, "feature_discovery", 70);
            on(settings, "re_engagement", 70);
            on(settings, "onboarding", 70);
            ((ObjectNode) settings.get("feature_discovery")).set("collection_ids", Json.tree(List.of(reports)));
        });

        // a customer of 35 days who has seen a report: their return is re-engagement (judged on the same
        // session summary as discovery), never discovery
        String reader = "cust-" + UUID.randomUUID();
        Instant fiveWeeksAgo = now.minus(Duration.ofDays(35));
        org.events(List.of(as(reader, page("page_view", "s-" + UUID.randomUUID(), "https://app.example.com/reports/weekly",
                fiveWeeksAgo, ""))));
        // sessions reach the trigger topology on different partitions, in no set order: a return is sent
        // once the first session has been judged, which its onboarding alert shows
        awaitOnboardingOf(reader);
        String readerBack = "s-" + UUID.randomUUID();
        org.events(List.of(as(reader, Alerts.pageView(readerBack, now))));

        Instant twentyDaysAgo = now.minus(Duration.ofDays(20));
        org.events(List.of(withCustomer(Alerts.pageView(session, twentyDaysAgo))));
        awaitOnboardingOf(customer);
        String returning = "s-" + UUID.randomUUID();
        org.events(List.of(withCustomer(Alerts.pageView(returning, now))));

        JsonNode discovery = awaitTrigger("feature_discovery");
        assertThat(discovery.get("subject").asString()).isEqualTo(customer);
        assertThat(discovery.get("message").asString()).isEqualTo("Prompt for feature_discovery");
        assertThat(discovery.get("value").asDouble()).isEqualTo(20);
        assertThat(discovery.get("threshold").asDouble()).isEqualTo(14);
        assertThat(discovery.get("confidence").asDouble()).isEqualTo(82.86);
        assertThat(prompts(org, returning).json().at("/prompts/0/trigger").asString()).isEqualTo("feature_discovery");

        await().atMost(Alerts.RAISED).pollInterval(Duration.ofMillis(250)).until(() -> subjects("re_engagement").contains(reader));
        assertThat(subjects("feature_discovery")).containsExactly(customer);
    }

    @Test
    void aCustomerWhoseCompanyReachedTheMetricGetsTheUpsell() {
        configure(settings -> on(settings, "upsell", 70));
        JsonNode company = org.post("/external/v1/customers/companies",
                Json.write(Map.of("company_name", "Upsold", "company_email", "hi@upsold.test"))).json();
        JsonNode metric = org.post("/external/v1/customers/metrics", Json.write(Map.of("name", "Seats", "data_type", "NUMBER"))).json();
        Answer value = org.post("/external/v1/customers/companies/" + company.get("company_id").asString() + "/metrics",
                Json.write(Map.of("metric_id", metric.get("metric_id").asString(),
                        "company_id", company.get("company_id").asString(), "value", "15")));
        assertThat(value.status()).as(value.body()).isEqualTo(201);
        Answer created = org.post("/external/v1/customers", Json.write(Map.of("name", "Una Upsold",
                "email", "una-" + UUID.randomUUID() + "@upsold.test", "source", "web", "company_id", company.get("company_id").asString())));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String buyer = created.json().get("customer_id").asString();

        org.events(List.of(Alerts.pageView(session, now).replace("\"type\"", "\"customer_id\": \"" + buyer + "\", \"type\"")));

        JsonNode alert = awaitTrigger("upsell");
        assertThat(alert.get("subject").asString()).isEqualTo(buyer);
        assertThat(alert.get("value").asDouble()).isEqualTo(15);
        assertThat(alert.get("threshold").asDouble()).isEqualTo(10);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(85);
    }

    @Test
    void quietHoursRaiseTheAlertAtOnceButHoldThePromptBack() {
        LocalTime utc = LocalTime.now(ZoneOffset.UTC);
        configure(settings -> {
            on(settings, "technical_assistance", 70);
            settings.set("quiet_hours", Json.object().put("timezone", "UTC")
                    .put("start", utc.minusHours(1).format(HH_MM)).put("end", utc.plusHours(1).format(HH_MM)));
        });
        List<String> events = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            events.add(Alerts.consoleError(session, now.plusSeconds(i)));
        }

        org.events(events);

        JsonNode alert = awaitTrigger("technical_assistance");
        assertThat(alert.get("status").asString()).isEqualTo("open");
        assertThat(Alerts.delivery(alert, "dashboard").get("status").asString()).isEqualTo("delivered");
        assertThat(Alerts.delivery(alert, "widget").get("status").asString()).isEqualTo("deferred");
        assertThat(prompts(org, session).json().get("prompts")).isEmpty();
        JsonNode still = org.get(Alerts.ALERTS + "/" + alert.get("alert_id").asString()).json();
        assertThat(Alerts.delivery(still, "widget").get("status").asString()).isEqualTo("deferred");
        assertThat(Alerts.delivery(still, "widget").get("attempts").asInt()).isZero();
    }

    @Test
    void anotherOrganizationSeesNeitherTheAlertNorThePrompt() {
        configure(settings -> on(settings, "technical_assistance", 70));
        List<String> events = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            events.add(Alerts.consoleError(session, now.plusSeconds(i)));
        }
        org.events(events);
        JsonNode alert = awaitTrigger("technical_assistance");
        Alerts stranger = new Alerts(suite, suite.createOrganization("Triggers stranger " + UUID.randomUUID()));

        assertThat(stranger.get(Alerts.ALERTS + "?type=trigger.technical_assistance").json().get("total").asInt()).isZero();
        assertThat(stranger.get(Alerts.ALERTS + "/" + alert.get("alert_id").asString()).status()).isEqualTo(404);
        assertThat(prompts(stranger, session).json().get("prompts")).isEmpty();
        assertThat(prompts(org, session).json().get("prompts")).hasSize(1);
    }

    @Test
    void promptsNeedTheSessionIdAndAKey() {
        Answer missing = suite.get(PROMPTS, "X-Public-Key", org.org().publicKey());

        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.locs()).containsExactly(List.of("query", "session_id"));
        assertThat(suite.get(PROMPTS + "?session_id=" + session).status()).isEqualTo(401);
    }

    // ---- helpers ----

    private void configure(java.util.function.Consumer<ObjectNode> change) {
        ObjectNode settings = (ObjectNode) org.get(Routes.ALERT_TRIGGER_SETTINGS).json();
        ((ObjectNode) settings.get("upsell")).put("metric", "Seats").put("value", 10.0);
        change.accept(settings);
        Answer put = org.put(Routes.ALERT_TRIGGER_SETTINGS, settings.toString());
        assertThat(put.status()).as(put.body()).isEqualTo(200);
    }

    private static void on(ObjectNode settings, String trigger, double confidenceThreshold) {
        ((ObjectNode) settings.get(trigger)).put("enabled", true).put("confidence_threshold", confidenceThreshold)
                .put("message", "Prompt for " + trigger);
    }

    private String withCustomer(String event) {
        return event.replace("\"type\"", "\"customer_id\": \"" + customer + "\", \"type\"");
    }

    private static String as(String customerId, String event) {
        return event.replace("\"type\"", "\"customer_id\": \"" + customerId + "\", \"type\"");
    }

    private void awaitOnboardingOf(String customerId) {
        await().atMost(Alerts.RAISED).pollInterval(Duration.ofMillis(250)).until(() -> subjects("onboarding").contains(customerId));
    }

    private List<String> subjects(String trigger) {
        return org.get(Alerts.ALERTS + "?type=trigger." + trigger).json().get("data").valueStream()
                .map(alert -> alert.get("subject").asString()).toList();
    }

    private static String page(String type, String session, String url, Instant at, String extra) {
        return """
                {"event_id": "%s", "type": "%s", "session_id": "%s", "url": "%s", "timestamp": "%s"%s}"""
                .formatted(UUID.randomUUID(), type, session, url, at, extra);
    }

    private Answer prompts(Alerts who, String sessionId) {
        return suite.send(java.net.http.HttpRequest.newBuilder(suite.gateway().resolve(PROMPTS + "?session_id=" + sessionId))
                .header("Origin", "https://shop.example.com").GET(), "X-Public-Key", who.org().publicKey());
    }

    private JsonNode awaitTrigger(String trigger) {
        AtomicReference<JsonNode> found = new AtomicReference<>();
        await().atMost(Alerts.RAISED).pollInterval(Duration.ofMillis(250)).until(() -> {
            JsonNode page = org.get(Alerts.ALERTS + "?type=trigger." + trigger).json();
            if (page.get("total").asInt() == 0) {
                return false;
            }
            found.set(page.get("data").get(0));
            return true;
        });
        return found.get();
    }
}
