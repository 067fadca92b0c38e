package io.engagement.local.analytics;

import io.engagement.local.support.Answer;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TestSite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The browser SDK in a real headless Chromium, against the running suite. */
class BrowserSdkIT {

    private static final Path CHROMIUM = Path.of(System.getProperty("engagement.chromium", "/usr/bin/chromium"));

    private static RunningSuite suite;
    private static TopicReader telemetry;
    private static TestSite site;

    private final RunningSuite.Organization org = RunningSuite.get().createOrganization("Browser " + UUID.randomUUID());

    @BeforeAll
    static void start() throws IOException {
        assertThat(CHROMIUM).as("Chromium is needed for the browser tests (.ci/run installs Debian's chromium)").isExecutable();
        suite = RunningSuite.get();
        telemetry = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.TELEMETRY);
        site = TestSite.start();
        site.fail("/api/orders", 500);
    }

    @AfterAll
    static void stop() {
        site.close();
        telemetry.close();
    }

    @Test
    void theScriptIsServedWithoutAKey() {
        Answer script = suite.get("/sdk/engagement.js");

        assertThat(script.status()).isEqualTo(200);
        assertThat(script.header("Content-Type")).startsWith("application/javascript");
        assertThat(script.body()).contains("navigator.sendBeacon").hasSizeLessThan(60 * 1024);
    }

    @Test
    void aPageUsingTheSdkProducesTheExpectedEvents(@TempDir Path profile) throws Exception {
        String page = "/app/" + UUID.randomUUID() + "/tickets";
        site.serveHtml(page, """
                <!doctype html><html><head><title>Tickets</title>
                <script src="%1$s/sdk/engagement.js" data-public-key="%2$s" data-flush-interval="200"></script>
                </head><body><button id="save" class="primary">Save</button>
                <script>
                  var save = document.getElementById('save');
                  save.click(); save.click(); save.click();
                  console.error('Payment widget failed');
                  fetch('/api/orders?token=secret-abc').catch(function () {});
                  // the suite's own calls, as the chat widget makes them: never the page's
                  fetch('%1$s/widget/v1/config?public_key=%2$s').catch(function () {});
                  fetch('%1$s/widget/v1/conversations', {method: 'POST', headers: {'X-Public-Key': '%2$s'}, body: '{}'})
                    .catch(function () {});
                  var own = new XMLHttpRequest(); own.open('GET', '%1$s/sdk/v1/config?public_key=%2$s'); own.send();
                  Promise.reject(new Error('async boom'));
                  setTimeout(function () {
                    document.title = 'Settings';
                    history.pushState({}, '', '%3$s/settings');
                    Engagement.identify('cust-42', 'ada@example.com');
                    Engagement.track('plan_selected', {plan: 'pro', password: 'hunter2'});
                    setTimeout(function () { Engagement.flush({beacon: true}); }, 300);
                  }, 500);
                </script></body></html>
                """.formatted(suite.gateway().toString().replaceAll("/$", ""), org.publicKey(), page));

        browse(site.url(page), profile);

        List<JsonNode> events = telemetry.awaitMatching(fromOrganization(), 13).stream()
                .map(record -> TopicReader.json(record).get("data")).toList();
        Map<String, List<JsonNode>> byType = events.stream().collect(Collectors.groupingBy(event -> event.get("type").asString()));
        assertThat(byType.keySet()).contains("page_view", "click", "rage_click", "console_error", "api_log", "navigation",
                "page_leave", "identify", "custom");
        assertThat(byType.get("page_view")).extracting(event -> event.get("url").asString())
                .anyMatch(url -> url.endsWith(page)).anyMatch(url -> url.endsWith(page + "/settings"));
        assertThat(byType.get("click")).hasSize(3).allMatch(click -> click.get("selector").asString().equals("#save"));
        assertThat(byType.get("rage_click")).singleElement().satisfies(rage -> assertThat(rage.get("count").asInt()).isEqualTo(3));
        assertThat(byType.get("console_error")).extracting(error -> error.get("message").asString())
                .contains("Payment widget failed").anyMatch(message -> message.contains("async boom"));
        assertThat(byType.get("api_log")).as("the page's own call, not the suite's").singleElement().satisfies(call -> {
            assertThat(call.get("status").asInt()).isEqualTo(500);
            assertThat(call.get("method").asString()).isEqualTo("GET");
            assertThat(call.get("request_url").asString()).endsWith("/api/orders?token=[REDACTED]");
        });
        assertThat(byType.get("navigation")).singleElement().satisfies(navigation ->
                assertThat(navigation.get("to_url").asString()).endsWith(page + "/settings"));
        // leaving the first page; the second one's leave comes with the beacon when Chromium closes it
        assertThat(byType.get("page_leave")).filteredOn(leave -> leave.get("url").asString().endsWith(page))
                .singleElement().satisfies(leave -> {
                    assertThat(leave.get("duration_ms").asDouble()).isGreaterThanOrEqualTo(0);
                    assertThat(leave.get("scroll_depth").asDouble()).isBetween(0.0, 1.0);
                    assertThat(leave.get("interactions").asInt()).isEqualTo(3);
                });
        assertThat(byType.get("identify")).singleElement().satisfies(identify -> {
            assertThat(identify.get("customer_id").asString()).isEqualTo("cust-42");
            assertThat(identify.get("email").asString()).isEqualTo("ada@example.com");
        });
        assertThat(byType.get("custom")).singleElement().satisfies(custom -> {
            assertThat(custom.get("name").asString()).isEqualTo("plan_selected");
            assertThat(custom.at("/properties/password").asString()).isEqualTo("[REDACTED]");
            assertThat(custom.get("customer_id").asString()).isEqualTo("cust-42");
        });
        assertThat(events).extracting(event -> event.get("session_id").asString()).containsOnly(events.get(0).get("session_id").asString());

        assertACollectionOverThePageCountsWhatTheBrowserDid(page);
    }

    /**
     * The same events, counted: two views (the page and the pushed /settings) by one anonymous
     * visitor whose session ends on the second, three errors (the console error, the unhandled
     * rejection and the API call answered 500) and one rage click.
     */
    private void assertACollectionOverThePageCountsWhatTheBrowserDid(String page) {
        PageAnalytics analytics = new PageAnalytics(suite, org);
        Answer created = analytics.create("{\"name\": \"Tickets\", \"url_patterns\": [\"" + page + "\"]}");
        assertThat(created.status()).as(created.body()).isEqualTo(200);
        String collection = created.json().get("collection_id").asString();

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode summary = analytics.analytics(collection, "").get("summary");
            assertThat(summary.get("total_visits").asLong()).isEqualTo(2);
            assertThat(summary.get("unique_users").asLong()).isEqualTo(1);
            assertThat(summary.get("error_count").asLong()).isEqualTo(3);
            assertThat(summary.get("rage_click_count").asLong()).isEqualTo(1);
            assertThat(summary.get("drop_off_rate").asDouble()).isEqualTo(0.5);
            assertThat(summary.get("friction_score").asDouble()).isEqualTo(100.0);
            assertThat(summary.get("engagement_score").asDouble()).isPositive();
            assertThat(summary.get("member_pages").asInt()).isEqualTo(2);
        });
        JsonNode counted = analytics.analytics(collection, "");
        assertThat(counted.get("members").valueStream().map(member -> member.get("display_url").asString() + " "
                + member.get("total_visits").asLong() + " " + member.get("error_count").asLong()))
                .containsExactly(page + " 1 3", page + "/settings 1 0");
        assertThat(counted.at("/members/0/canonical_url").asString()).isEqualTo(site.url(page));
        assertThat(counted.at("/members/1/title").asString()).isEqualTo("Settings");
        assertThat(counted.get("warnings").size()).isZero();
    }

    private Predicate<ConsumerRecord<String, String>> fromOrganization() {
        return record -> record.key() != null && record.key().startsWith(org.id() + ":");
    }

    /** Headless Chromium as the environment notes require: no sandbox as root, no background traffic. */
    private static void browse(String url, Path profile) throws Exception {
        Process chromium = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--virtual-time-budget=5000", "--dump-dom", url)
                .redirectErrorStream(true)
                .redirectOutput(Files.createTempFile(profile.getParent(), "chromium", ".log").toFile())
                .start();
        assertThat(chromium.waitFor(60, TimeUnit.SECONDS)).as("Chromium finished").isTrue();
    }
}
