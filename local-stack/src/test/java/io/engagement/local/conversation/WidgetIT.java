package io.engagement.local.conversation;

import io.engagement.local.support.Answer;
import io.engagement.local.support.IdentityHash;
import io.engagement.local.support.Json;
import io.engagement.local.support.Routes;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.SupportHoursBody;
import io.engagement.local.support.TestSite;
import io.engagement.testkit.HeadlessChromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The chat widget on a site of another origin, in headless Chromium, against the running suite:
 * installed with the SDK, drawn from the widget settings, talking live with an agent through the
 * agents' API, and across a dropped connection losing and doubling nothing. Screenshots of it
 * closed, open and on a phone under {@code target/browser-screenshots/}.
 */
class WidgetIT {

    private static final Path SCREENSHOTS = Path.of("target", "browser-screenshots");
    /**
     * Loaded before the widget: notes its sockets and lets the test take the network away from
     * the page (new sockets go nowhere, fetches fail) as a train tunnel would.
     */
    private static final String NETWORK = """
            window.__offline = false;
            window.__sockets = [];
            var PageSocket = window.WebSocket;
            window.WebSocket = function (url, protocols) {
              var socket = new PageSocket(window.__offline ? 'ws://127.0.0.1:9/offline' : url, protocols);
              window.__sockets.push(socket);
              return socket;
            };
            window.WebSocket.prototype = PageSocket.prototype;
            ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach(function (name) { window.WebSocket[name] = PageSocket[name]; });
            var pageFetch = window.fetch;
            window.fetch = function () {
              return window.__offline ? Promise.reject(new TypeError('Failed to fetch')) : pageFetch.apply(this, arguments);
            };
            window.__goOffline = function () {
              window.__offline = true;
              window.__sockets.forEach(function (socket) { socket.close(); });
            };
            """;

    private static RunningSuite suite;
    private static TestSite site;
    private static ChromeDriver browser;

    private final RunningSuite.Organization org = RunningSuite.get().createOrganization("Widget " + UUID.randomUUID());

    @BeforeAll
    static void start() throws IOException {
        suite = RunningSuite.get();
        site = TestSite.start();
        browser = HeadlessChromium.start("widget-profile");
        browser.manage().window().setSize(new Dimension(1280, 900));
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        site.close();
    }

    @Test
    void theLoaderIsSmallAndServedWithoutAKey() {
        Answer loader = suite.get("/widget/v1/widget.js");
        assertThat(loader.status()).isEqualTo(200);
        assertThat(loader.header("Content-Type")).startsWith("application/javascript");
        assertThat(loader.body().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(12 * 1024);

        Answer panel = suite.get("/widget/v1/widget-panel.js");
        assertThat(panel.status()).isEqualTo(200);
        assertThat(panel.body()).contains("EngagementWidgetPanel");
    }

    @Test
    void aVisitorAndAnAgentTalkLiveAndADroppedConnectionLosesAndDoublesNothing() throws Exception {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
        putWidgetSettings("left", "#0a7d5a", "Ask us");
        browser.get(sitePage());

        SearchContext widget = shadowRoot();
        WebElement launcher = await().atMost(Duration.ofSeconds(20)).until(() -> find(widget, "launcher"), found -> found != null);
        assertThat(launcher.getTagName()).isEqualTo("button");
        assertThat(launcher.getDomAttribute("aria-label")).isNotBlank();
        assertThat(launcher.getText()).contains("Ask us");
        assertThat(launcher.getRect().getX() + launcher.getRect().getWidth()).as("on the left side").isLessThan(640);
        HeadlessChromium.screenshot(browser, SCREENSHOTS.resolve("widget-closed.png"));

        launcher.click();
        WebElement panel = await().atMost(Duration.ofSeconds(20)).until(() -> find(widget, "panel"), found -> found != null && found.isDisplayed());
        assertThat(panel.getDomAttribute("role")).isEqualTo("dialog");
        send(widget, "Where is my order 1042?");

        JsonNode conversation = await().atMost(Duration.ofSeconds(20)).until(this::theConversation, found -> found != null);
        String conversationId = conversation.get("conversation_id").asString();
        assertThat(contents(agentView(conversationId), "visitor")).containsExactly("Where is my order 1042?");

        reply(conversationId, "It left our warehouse this morning.");
        awaitShown(widget, "agent", "It left our warehouse this morning.");
        HeadlessChromium.screenshot(browser, SCREENSHOTS.resolve("widget-open.png"));

        // the network goes: the agent writes meanwhile, the visitor types; then it comes back
        browser.executeScript("window.__goOffline()");
        reply(conversationId, "Anything else I can do?");
        send(widget, "Can it go to my office instead?");
        browser.executeScript("window.__offline = false");

        awaitShown(widget, "agent", "Anything else I can do?");
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                assertThat(contents(agentView(conversationId), "visitor")).containsExactly("Where is my order 1042?", "Can it go to my office instead?"));
        await().atMost(Duration.ofSeconds(10)).ignoreException(StaleElementReferenceException.class).untilAsserted(() -> {
            List<String> seqs = find(widget).stream().map(message -> message.getDomAttribute("data-seq")).toList();
            assertThat(seqs).as("every message once, in order").doesNotHaveDuplicates().allMatch(seq -> seq != null && !seq.isBlank());
            assertThat(find(widget).stream().filter(message -> "visitor".equals(message.getDomAttribute("data-sender")))
                    .map(WebElement::getText)).hasSize(2);
        });

        browser.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", 375, "height", 812, "deviceScaleFactor", 1, "mobile", true));
        try {
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                    assertThat(find(widget, "panel").getRect().getWidth()).as("full screen below 480 px").isGreaterThanOrEqualTo(370));
            HeadlessChromium.screenshot(browser, SCREENSHOTS.resolve("widget-phone.png"));
        } finally {
            browser.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        }
    }

    @Test
    void outsideSupportHoursTheWidgetOpensATicketWithThePublicKey() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_CLOSED);
        browser.get(sitePage());
        SearchContext widget = shadowRoot();
        await().atMost(Duration.ofSeconds(20)).until(() -> find(widget, "launcher"), found -> found != null).click();
        // folded, so the thread stays in view: the visitor unfolds it
        await().atMost(Duration.ofSeconds(20)).until(() -> find(widget, "ticket-toggle"), found -> found != null && found.isDisplayed())
                .findElement(By.cssSelector("summary")).click();

        WebElement form = await().atMost(Duration.ofSeconds(20)).until(() -> find(widget, "ticket-form"), found -> found != null && found.isDisplayed());
        form.findElement(By.cssSelector("[name=subject]")).sendKeys("Refund for order 1042");
        form.findElement(By.cssSelector("[name=description]")).sendKeys("It arrived broken.");
        form.findElement(By.cssSelector("[name=email]")).sendKeys("ada@example.com");
        form.findElement(By.cssSelector("[type=submit]")).click();

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(suite.get(Routes.TICKETS, "x-api-key", org.apiKey()).json()
                .get("data").valueStream().map(ticket -> ticket.get("subject").asString())).containsExactly("Refund for order 1042"));
    }

    @Test
    void aVisitorTheSiteIdentifiesWithItsHashIsVerifiedAsThatCustomer() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
        Answer secret = suite.post("/external/v1/settings/widget/identity-secret", "{}", "x-api-key", org.apiKey());
        assertThat(secret.status()).as(secret.body()).isEqualTo(201);
        String hash = IdentityHash.of(secret.json().get("identity_secret").asString(), "cust-7");
        browser.get(sitePage("Engagement.identify('cust-7', 'ada@example.com', '" + hash + "');"));
        SearchContext widget = shadowRoot();
        await().atMost(Duration.ofSeconds(20)).until(() -> find(widget, "launcher"), found -> found != null).click();
        await().atMost(Duration.ofSeconds(20)).until(() -> find(widget, "input"), found -> found != null && found.isDisplayed());

        send(widget, "Hello from my account");

        JsonNode conversation = await().atMost(Duration.ofSeconds(20)).until(this::theConversation, found -> found != null);
        assertThat(conversation.at("/visitor/verified").asBoolean()).isTrue();
        assertThat(conversation.at("/visitor/customer_id").asString()).isEqualTo("cust-7");
        assertThat(conversation.get("session_id").asString()).as("the SDK's session").isNotBlank();
    }

    private String sitePage() {
        return sitePage("");
    }

    private String sitePage(String afterSdk) {
        String gateway = suite.gateway().toString().replaceAll("/$", "");
        String page = "/shop/" + UUID.randomUUID();
        site.serve(page, "text/html; charset=utf-8", """
                <!doctype html><html><head><title>Shop</title>
                <style>button { background: red !important; font-size: 40px !important; }</style>
                <script src="/network.js"></script>
                <script src="%1$s/sdk/engagement.js" data-public-key="%2$s"></script>
                <script>%3$s</script>
                <script src="%1$s/widget/v1/widget.js" data-public-key="%2$s" async></script>
                </head><body><h1>Order 1042</h1><p>Shipped soon.</p></body></html>
                """.formatted(gateway, org.publicKey(), afterSdk));
        site.serve("/network.js", "application/javascript", NETWORK);
        return site.url(page);
    }

    private void putWidgetSettings(String position, String colour, String label) {
        ObjectNode settings = (ObjectNode) suite.get("/external/v1/settings/widget", "x-api-key", org.apiKey()).json();
        settings.put("position", position).put("theme_color", colour).put("button_label", label);
        Answer stored = suite.put("/external/v1/settings/widget", settings.toString(), "x-api-key", org.apiKey());
        assertThat(stored.status()).as(stored.body()).isEqualTo(200);
    }

    private JsonNode theConversation() {
        JsonNode page = suite.get(Routes.INBOX, "x-api-key", org.apiKey()).json();
        return page.get("data").isEmpty() ? null : page.get("data").get(0);
    }

    private JsonNode agentView(String conversationId) {
        return suite.get(Routes.INBOX + "/" + conversationId + "/messages?limit=200", "x-api-key", org.apiKey()).json();
    }

    private void reply(String conversationId, String content) {
        Answer sent = suite.post(Routes.INBOX + "/" + conversationId + "/messages",
                Json.object().put("content", content).put("agent_email", "grace@support.test").toString(), "x-api-key", org.apiKey());
        assertThat(sent.status()).as(sent.body()).isEqualTo(201);
    }

    private static List<String> contents(JsonNode messages, String sender) {
        return messages.get("data").valueStream().filter(message -> message.at("/sender/type").asString().equals(sender))
                .map(message -> message.get("content").asString()).toList();
    }

    private static void send(SearchContext widget, String text) {
        find(widget, "input").sendKeys(text);
        find(widget, "send").click();
    }

    private static void awaitShown(SearchContext widget, String sender, String text) {
        await().atMost(Duration.ofSeconds(30)).ignoreException(StaleElementReferenceException.class).untilAsserted(() -> assertThat(find(widget).stream()
                .filter(message -> sender.equals(message.getDomAttribute("data-sender"))).map(WebElement::getText))
                .anyMatch(shown -> shown.contains(text)));
    }

    private static SearchContext shadowRoot() {
        WebElement host = await().atMost(Duration.ofSeconds(20)).until(() -> browser.findElements(By.id("engagement-widget")), hosts -> !hosts.isEmpty()).get(0);
        return host.getShadowRoot();
    }

    private static WebElement find(SearchContext widget, String hook) {
        List<WebElement> found = widget.findElements(By.cssSelector("[data-engagement=\"" + hook + "\"]"));
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<WebElement> find(SearchContext widget) {
        return widget.findElements(By.cssSelector("[data-engagement=\"message\"]"));
    }
}
