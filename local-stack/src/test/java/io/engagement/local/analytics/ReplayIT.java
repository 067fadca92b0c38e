package io.engagement.local.analytics;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TestSite;
import io.engagement.testkit.HeadlessChromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Session replay: the settings, the SDK's configuration, gzip bodies at ingest, and a page on
 * another origin recorded in headless Chromium with the suite's privacy defaults.
 */
class ReplayIT {

    private static final String SETTINGS = "/external/v1/settings/replay";
    private static final String DEFAULTS = """
            {"enabled":false,"sample_rate":1.0,"mask_all_text":true,"mask_all_inputs":true,\
            "block_selector":"[data-engagement-block]","min_duration_ms":0}""";


    private static RunningSuite suite;
    private static TestSite site;
    private static ChromeDriver browser;

    private final RunningSuite.Organization org = RunningSuite.get().createOrganization("Replay " + UUID.randomUUID());

    @BeforeAll
    static void start() throws IOException {
        suite = RunningSuite.get();
        site = TestSite.start();
        browser = HeadlessChromium.start("replay-profile");
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        site.close();
    }

    @Test
    void theSettingsAreOffAndMaskedUntilChangedAndTheSdkReadsThemWithThePublicKey() {
        Answer first = suite.get(SETTINGS, "x-api-key", org.apiKey());
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json()).isEqualTo(Json.read(DEFAULTS));

        Answer refused = put("{\"enabled\": true, \"sample_rate\": 2, \"mask_all_text\": true, \"mask_all_inputs\": true, "
                + "\"block_selector\": \".x\", \"min_duration_ms\": 0, \"colour\": \"red\"}");
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("detail").valueStream().map(error -> error.get("loc").toString()))
                .containsExactlyInAnyOrder("[\"body\",\"sample_rate\"]", "[\"body\",\"colour\"]");

        Answer stored = put(enabled(0.5, ".private", 3000));
        assertThat(stored.status()).as(stored.body()).isEqualTo(200);

        Answer config = suite.get("/sdk/v1/config?public_key=" + org.publicKey(), "Origin", "https://shop.example");
        assertThat(config.status()).isEqualTo(200);
        assertThat(config.header("Access-Control-Allow-Origin")).isIn("*", "https://shop.example");
        assertThat(config.json().get("replay")).isEqualTo(Json.read(enabled(0.5, ".private", 3000)));
        assertThat(suite.get("/sdk/v1/config").status()).isEqualTo(401);
        assertThat(suite.get("/sdk/v1/config?public_key=" + org.apiKey()).status()).as("a data key is not the SDK's").isIn(401, 403);

        Answer recorder = suite.get("/sdk/engagement-replay.js");
        assertThat(recorder.status()).isEqualTo(200);
        assertThat(recorder.header("Content-Type")).startsWith("application/javascript");
        assertThat(recorder.header("ETag")).isNotBlank();
    }

    @Test
    void ingestTakesAGzipBodyMarkedByHeaderOrQueryAndCountsTheLimitOnWhatItInflatesTo() {
        String session = "gz-" + UUID.randomUUID();
        String batch = "{\"events\": [" + pageView(session) + "]}";

        Answer byHeader = ingest(gzip(batch.getBytes(StandardCharsets.UTF_8)), "", "application/json", "Content-Encoding", "gzip");
        assertThat(byHeader.status()).as(byHeader.body()).isEqualTo(202);
        assertThat(byHeader.json().get("accepted").asInt()).isEqualTo(1);

        Answer byQuery = ingest(gzip(batch.getBytes(StandardCharsets.UTF_8)), "&compression=gzip", "text/plain");
        assertThat(byQuery.status()).as(byQuery.body()).isEqualTo(202);
        assertThat(byQuery.json().get("accepted").asInt()).isEqualTo(1);

        // 2 MiB of one letter compresses to a few kB: refused as it passes 1 MiB, not after inflating it all
        String bomb = "{\"events\": [], \"padding\": \"" + "a".repeat(2 * 1024 * 1024) + "\"}";
        byte[] compressedBomb = gzip(bomb.getBytes(StandardCharsets.UTF_8));
        assertThat(compressedBomb.length).isLessThan(16 * 1024);
        Answer refused = ingest(compressedBomb, "&compression=gzip", "text/plain");
        assertThat(refused.status()).isEqualTo(413);
        assertThat(refused.json().get("detail").isString()).isTrue();

        Answer garbled = ingest("not gzip at all".getBytes(StandardCharsets.UTF_8), "", "application/json", "Content-Encoding", "gzip");
        assertThat(garbled.status()).isEqualTo(422);
        assertThat(garbled.json().at("/detail/0/type").asString()).isEqualTo("json_invalid");
    }

    @Test
    void aPageOnAnotherSiteIsRecordedMaskedAndSentCompressed() {
        assertThat(put(enabled(1, "[data-engagement-block]", 0)).status()).isEqualTo(200);
        String page = "/checkout/" + UUID.randomUUID();
        serve(page, """
                <!doctype html><html><head><title>Checkout</title>
                <script src="/calls.js"></script>
                <script src="%s/sdk/engagement.js" data-public-key="%s"></script>
                </head><body>
                <h1>Order for Ada Lovelace</h1>
                <p data-engagement-unmask>Shipping options</p>
                <input id="card" autocomplete="off"> <input id="secret" type="password">
                <div data-engagement-block><span>Internal note Zeta</span></div>
                <div id="engagement-widget"><span>Agent Grace</span></div>
                <button id="pay">Pay</button>
                </body></html>
                """.formatted(suite.gateway().toString().replaceAll("/$", ""), org.publicKey()));

        browser.get(site.url(page));
        JavascriptExecutor script = browser;
        await().atMost(Duration.ofSeconds(20)).until(() -> Boolean.TRUE.equals(script.executeScript("return window.__engagementReplayStarted === true")));
        browser.findElement(By.id("card")).sendKeys("4111 1111 typed");
        browser.findElement(By.id("secret")).sendKeys("hunter2");
        String session = (String) script.executeScript("return sessionStorage.getItem('engagement.session_id')");

        // the first chunks leave on the 5-second timer, while the page is open: compressed
        JsonNode recorded = await().atMost(Duration.ofSeconds(40)).until(() -> replay(session),
                chunks -> events(chunks).anyMatch(event -> event.get("type").asInt() == 2)
                        && events(chunks).anyMatch(event -> event.get("type").asInt() == 3 && event.at("/data/source").asInt() == 5));
        assertThat((List<?>) script.executeScript("return window.__calls")).map(String::valueOf)
                .anyMatch(url -> url.contains("/external/v1/events?public_key=") && url.endsWith("&compression=gzip"));

        // what is left when the visitor leaves goes with the beacon
        browser.findElement(By.id("pay")).click();
        browser.get("about:blank");
        recorded = await().atMost(Duration.ofSeconds(30)).until(() -> replay(session),
                chunks -> events(chunks).anyMatch(event -> event.get("type").asInt() == 3 && event.at("/data/source").asInt() == 2));

        String stored = recorded.toString();
        assertThat(stored).contains("Shipping options").contains("***** *** *** ********")
                .doesNotContain("Ada Lovelace", "4111", "typed", "hunter2", "Zeta", "Agent Grace");
        assertThat(recorded.get("chunks").valueStream().map(chunk -> chunk.get("sequence").asInt()).toList()).startsWith(0, 1);
    }

    /**
     * A chunk whose send fails during a network cut is kept: it is not lost when the page goes
     * while the network is still down, and the session's next page sends it, in order, before its own.
     */
    @Test
    void aChunkThatCouldNotBeSentIsSentByTheSessionsNextPage() {
        assertThat(put(enabled(1, "[data-engagement-block]", 0)).status()).isEqualTo(200);
        String first = "/cart/" + UUID.randomUUID();
        String next = "/pay/" + UUID.randomUUID();
        String sdk = """
                <script src="/calls.js"></script>
                <script src="%s/sdk/engagement.js" data-public-key="%s"></script>
                """.formatted(suite.gateway().toString().replaceAll("/$", ""), org.publicKey());
        serve(first, "<!doctype html><html><head>" + sdk + "</head><body><button id=\"later\">Later</button></body></html>");
        serve(next, "<!doctype html><html><head>" + sdk + "</head><body><p>Paying</p></body></html>");

        browser.get(site.url(first));
        JavascriptExecutor script = browser;
        await().atMost(Duration.ofSeconds(20)).until(() -> Boolean.TRUE.equals(script.executeScript("return window.__engagementReplayStarted === true")));
        String session = (String) script.executeScript("return sessionStorage.getItem('engagement.session_id')");
        await().atMost(Duration.ofSeconds(40)).until(() -> replay(session), chunks -> events(chunks).anyMatch(event -> event.get("type").asInt() == 2));

        script.executeScript("window.__offline = true");
        browser.findElement(By.id("later")).click();
        await().atMost(Duration.ofSeconds(20)).until(() -> Boolean.TRUE.equals(script.executeScript(
                "return window.__failed > 0 && Object.keys(sessionStorage).some(function (key) { return key.indexOf('engagement.replay.pending:') === 0; })")));
        assertThat(events(replay(session)).anyMatch(ReplayIT::isClick)).as("the click's chunk did not get through").isFalse();

        browser.get(site.url(next));
        JsonNode recorded = await().atMost(Duration.ofSeconds(40)).until(() -> replay(session), chunks -> events(chunks).anyMatch(ReplayIT::isClick));
        assertThat(recorded.get("chunks")).isNotEmpty();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(suite.get("/external/v1/sessions/" + session, "x-api-key",
                org.apiKey()).json().get("replay_chunks").asInt()).as("counted as stored").isEqualTo(replay(session).get("chunks").size()));
    }

    private static boolean isClick(JsonNode event) {
        return event.get("type").asInt() == 3 && event.at("/data/source").asInt() == 2;
    }

    private JsonNode replay(String session) {
        Answer answer = suite.get("/external/v1/sessions/" + session + "/replay", "x-api-key", org.apiKey());
        return answer.status() == 200 ? answer.json() : null;
    }

    private static Stream<JsonNode> events(JsonNode replay) {
        return replay == null ? Stream.empty()
                : replay.get("chunks").valueStream().flatMap(chunk -> StreamSupport.stream(chunk.get("events").spliterator(), false));
    }

    private Answer put(String body) {
        return suite.put(SETTINGS, body, "x-api-key", org.apiKey());
    }

    private Answer ingest(byte[] body, String query, String contentType, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(suite.gateway().resolve("/external/v1/events?public_key=" + org.publicKey() + query))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        return suite.send(request, headers);
    }

    private static String enabled(double sampleRate, String blockSelector, int minDurationMs) {
        return """
                {"enabled": true, "sample_rate": %s, "mask_all_text": true, "mask_all_inputs": true,
                 "block_selector": "%s", "min_duration_ms": %d}""".formatted(sampleRate, blockSelector, minDurationMs);
    }

    private static String pageView(String session) {
        return """
                {"type": "page_view", "session_id": "%s", "timestamp": "%s", "url": "https://shop.example/cart"}"""
                .formatted(session, Instant.now());
    }

    private static byte[] gzip(byte[] plain) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(plain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * The site's pages, and a script that notes every fetch the page makes, loaded before the SDK
     * wraps fetch; with {@code window.__offline} set, the page's network is down (fetch fails, a
     * beacon is refused) while the test's own requests still reach the suite.
     */
    private static void serve(String path, String html) {
        site.serveHtml(path, html);
        site.serve("/calls.js", "application/javascript", """
                window.__calls = [];
                window.__offline = false;
                window.__failed = 0;
                var pageFetch = window.fetch;
                window.fetch = function (url) {
                  window.__calls.push(String(url));
                  if (window.__offline) { window.__failed++; return Promise.reject(new TypeError('Failed to fetch')); }
                  return pageFetch.apply(this, arguments);
                };
                var pageBeacon = navigator.sendBeacon.bind(navigator);
                navigator.sendBeacon = function () { return window.__offline ? false : pageBeacon.apply(null, arguments); };
                """);
    }
}
