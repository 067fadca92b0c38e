package io.engagement.local.gateway;

import io.engagement.local.support.Alerts;
import io.engagement.local.support.Answer;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.Routes;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.SupportHoursBody;
import io.engagement.local.support.TestSite;
import io.engagement.testkit.HeadlessChromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The web console in Debian's headless Chromium, driven through its chromedriver, against the
 * running suite: one browser for the class, an organization of its own, a screenshot of every
 * page at laptop and phone width under {@code target/console-screenshots/}.
 */
class ConsoleIT {

    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
    private static final Dimension LAPTOP = new Dimension(1280, 900);
    /** A phone's viewport, emulated through the DevTools protocol (a window cannot be made that narrow). */
    private static final Map<String, Object> PHONE = Map.of("width", 375, "height", 812, "deviceScaleFactor", 1, "mobile", true);

    private static RunningSuite suite;
    private static RunningSuite.Organization org;
    private static ChromeDriver browser;
    private static WebDriverWait wait;

    @BeforeAll
    static void start() throws IOException {
        suite = RunningSuite.get();
        org = suite.createOrganization("Console " + UUID.randomUUID());
        Files.createDirectories(SCREENSHOTS);
        browser = HeadlessChromium.start("console-profile");
        browser.manage().window().setSize(LAPTOP);
        // live pages re-render what a test just found: a stale element is looked up again, not a failure
        wait = (WebDriverWait) new WebDriverWait(browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    @BeforeEach
    void laptopWidth() {
        browser.manage().window().setSize(LAPTOP);
    }

    @Test
    void theConsoleIsServedWithoutAKeyUnderAPolicyThatAllowsOnlyItsOwnOrigin() {
        Answer bare = suite.get("/console");
        assertThat(bare.status()).isEqualTo(308);
        assertThat(bare.header("Location")).isEqualTo("/console/");

        Answer index = suite.get("/console/");
        assertThat(index.status()).isEqualTo(200);
        assertThat(index.header("Content-Type")).startsWith("text/html");
        assertThat(index.header("Content-Security-Policy")).contains("default-src 'self'", "script-src 'self'", "frame-ancestors 'none'")
                .doesNotContain("unsafe-inline");
        assertThat(index.header("Cache-Control")).isEqualTo("no-cache");
        assertThat(index.header("RateLimit-Limit")).isNull();
        assertThat(index.body()).contains("<script type=\"module\" src=\"js/app.js\"></script>");

        Answer module = suite.get("/console/js/forms.js");
        assertThat(module.status()).isEqualTo(200);
        assertThat(module.header("Content-Type")).containsAnyOf("text/javascript", "application/javascript");

        Answer chart = suite.get("/console/lib/uplot/dist/uPlot.esm.js");
        assertThat(chart.status()).as("uPlot from its WebJar, named without its version").isEqualTo(200);
        assertThat(chart.body()).contains("export");
        assertThat(chart.header("Cache-Control")).isEqualTo("max-age=86400");

        Answer missing = suite.get("/console/no-such-module.js");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("detail").asString()).isEqualTo("Not Found");
    }

    @Test
    void signingInKeepsOnlyTheKeyInSessionStorageAndSigningOutForgetsIt() {
        open("");
        browser.executeScript("sessionStorage.clear(); history.replaceState(null, '', location.pathname);");
        browser.navigate().refresh();
        WebElement key = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("api-key")));
        key.sendKeys("not-a-key" + Keys.ENTER);
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("api-key-error"), "This key was refused"));
        assertThat(key.getDomAttribute("aria-invalid")).isEqualTo("true");
        screenshot("sign-in");

        key.sendKeys(Keys.chord(Keys.CONTROL, "a"), org.apiKey() + Keys.ENTER);
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("nav")));
        awaitRoute("#/customers");
        assertThat(browser.executeScript("return [sessionStorage.length, localStorage.length, document.cookie]"))
                .isEqualTo(List.of(1L, 0L, ""));
        assertThat(browser.executeScript("return sessionStorage.getItem('engagement.console.key')")).isEqualTo(org.apiKey());

        browser.findElement(By.id("sign-out")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("api-key")));
        assertThat(browser.executeScript("return sessionStorage.length")).isEqualTo(0L);
        assertThat(browser.findElement(By.id("nav")).isDisplayed()).isFalse();
    }

    @Test
    void aCustomerCreatedThroughTheFormIsFoundInTheTableAndShowsItsSegment() {
        Answer other = suite.post("/external/v1/customers", "{\"name\": \"Grace Other\", \"email\": \"grace-" + UUID.randomUUID()
                + "@example.com\", \"source\": \"api\"}", "x-api-key", org.apiKey());
        assertThat(other.status()).as(other.body()).isEqualTo(201);
        open("#/customers");
        String email = "ada-" + UUID.randomUUID() + "@example.com";
        WebElement form = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("customer-create")));
        labelled(form, "Name").sendKeys("Ada Console");
        labelled(form, "Email").sendKeys(email);
        labelled(form, "City").sendKeys("Lagos");
        form.findElement(By.cssSelector("button[type=submit]")).click();

        wait.until(ExpectedConditions.textToBePresentInElement(form, "Created Ada Console"));
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("customer-results"), email));
        Answer listed = suite.get("/external/v1/customers?search=" + email, "x-api-key", org.apiKey());
        assertThat(listed.json().at("/data/0/city").asString()).isEqualTo("Lagos");
        screenshot("customers");

        WebElement unfiltered = browser.findElement(By.cssSelector("#customer-results table"));
        assertThat(unfiltered.getText()).contains("Customers: 2 in all", "Grace Other");
        browser.findElement(By.id("customer-search")).sendKeys(email + Keys.ENTER);
        wait.until(ExpectedConditions.stalenessOf(unfiltered));
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("customer-results"), "Customers: 1 in all"));
        assertThat(browser.findElement(By.id("customer-results")).getText()).doesNotContain("Grace Other");
        browser.findElement(By.linkText("Ada Console")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("main"), "Last session"));
        String activity = browser.findElement(By.xpath("//section[h2='Activity']")).getText();
        assertThat(activity).contains("Segment", "inactive", "Never seen");
        screenshot("customer");
    }

    @Test
    void aCollectionsTrendIsDrawnAsAChart() {
        PageAnalytics analytics = new PageAnalytics(suite, org);
        String prefix = "/console-" + UUID.randomUUID();
        String collection = analytics.createdId("{\"name\": \"Checkout\", \"description\": \"The checkout funnel\", \"url_patterns\": [\"" + prefix + "\"]}");
        Instant now = Instant.now();
        List<ObjectNode> views = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            views.add(analytics.view("yesterday-" + i, prefix + "/cart", PageAnalytics.at(PageAnalytics.yesterday(), "1" + i + ":00:00")));
        }
        views.add(analytics.view("today-1", prefix + "/cart", now.minusSeconds(60)));
        views.add(analytics.view("today-1", prefix + "/pay", now.minusSeconds(30)));
        analytics.send(views);
        String range = "?start=" + PageAnalytics.yesterday() + "&end=" + PageAnalytics.today();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
                .until(() -> analytics.analytics(collection, range).at("/summary/total_visits").asInt() == 6);

        open("#/collections/" + collection);
        // the default range, the last 30 days, holds yesterday and today
        assertThat(browser.findElement(By.id("trend-caption")).getText()).contains(PageAnalytics.today().toString());
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#trend-chart canvas")));
        // the visits line in its own colour, not just the axes and grid
        wait.until(driver -> ((Number) ((JavascriptExecutor) driver).executeScript("""
                const canvas = document.querySelector('#trend-chart canvas');
                if (!canvas || !canvas.width) return 0;
                const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                let line = 0;
                for (let i = 0; i < pixels.length; i += 4) {
                  if (pixels[i + 3] > 200 && pixels[i] < 90 && pixels[i + 1] > 80 && pixels[i + 1] < 150 && pixels[i + 2] > 200) line++;
                }
                return line;""")).intValue() > 50);
        String summary = browser.findElement(By.cssSelector("[aria-label=Summary]")).getText();
        assertThat(summary).contains("6\nVisits");
        assertThat(browser.findElement(By.tagName("main")).getText()).contains(prefix + "/cart", prefix + "/pay", "pattern:" + prefix);
        screenshot("collection");
    }

    @Test
    void invalidSupportHoursShowTheApisMessageBesideTheSlot() {
        open("#/settings/support-hours");
        WebElement form = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("settings-support-hours")));
        if (form.findElements(By.cssSelector("[data-path='schedule.monday.0.start']")).isEmpty()) {
            form.findElement(By.cssSelector("[data-path='schedule.monday'] > div > button")).click();
        }
        WebElement start = form.findElement(By.cssSelector("[data-path='schedule.monday.0.start']"));
        WebElement end = form.findElement(By.cssSelector("[data-path='schedule.monday.0.end']"));
        start.clear();
        start.sendKeys("18:00");
        end.clear();
        end.sendKeys("09:00");
        form.findElement(By.cssSelector("button[type=submit]")).click();

        WebElement message = wait.until(driver -> form.findElements(By.cssSelector("[data-error-for^='schedule.monday']")).stream()
                .filter(slot -> !slot.getText().isBlank()).findFirst().orElse(null));
        assertThat(form.findElements(By.cssSelector("[data-path^='schedule.monday'][aria-invalid=true]"))).isNotEmpty();

        // the same document sent by hand is refused with the message the form shows
        ObjectNode document = (ObjectNode) suite.get("/external/v1/settings/support-hours", "x-api-key", org.apiKey()).json();
        ((ObjectNode) document.get("schedule")).putArray("monday").addObject().put("start", "18:00").put("end", "09:00");
        Answer refused = new Alerts(suite, org).put("/external/v1/settings/support-hours", document.toString());
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        List<String> messages = StreamSupport.stream(refused.json().get("detail").spliterator(), false)
                .map(entry -> entry.get("msg").asString()).toList();
        assertThat(messages).anyMatch(message.getText()::contains);
        assertThat(suite.get("/external/v1/settings/support-hours", "x-api-key", org.apiKey()).json().at("/schedule/monday/0/start").asString())
                .isNotEqualTo("18:00");
        screenshot("support-hours");
    }

    @Test
    void aRefusedSettingsFieldShowsTheApisMessageBesideThatFieldOnly() {
        open("#/settings/activity-segments");
        WebElement form = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("settings-activity-segments")));
        WebElement active = labelled(form, "Active within (days)");
        active.clear();
        active.sendKeys("0");
        form.findElement(By.cssSelector("button[type=submit]")).click();

        WebElement message = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[data-error-for='active_days']")));
        Answer refused = new Alerts(suite, org).put("/external/v1/settings/activity-segments",
                "{\"active_days\": 0, \"slightly_active_days\": 30, \"dormant_days\": 60}");
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(message.getText()).isEqualTo(refused.json().at("/detail/0/msg").asString());
        assertThat(active.getDomAttribute("aria-invalid")).isEqualTo("true");
        assertThat(browser.switchTo().activeElement()).isEqualTo(active);
        assertThat(form.findElements(By.cssSelector(".field-error")).stream().filter(WebElement::isDisplayed)).hasSize(1);
        assertThat(suite.get("/external/v1/settings/activity-segments", "x-api-key", org.apiKey()).json().get("active_days").asInt()).isEqualTo(7);
        screenshot("settings-refused");
    }

    /** On the free plan the white label box is disabled and says why, and the form saves as it was loaded. */
    @Test
    void theWidgetFormShowsThePlanBesideADisabledWhiteLabelAndSavesAsLoaded() {
        open("#/settings/widget");
        WebElement form = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("settings-widget")));
        WebElement whiteLabel = labelled(form, "White label (premium plan)");

        assertThat(whiteLabel.isEnabled()).isFalse();
        assertThat(form.getText()).contains("this organization is on the free plan");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        wait.until(driver -> form.getText().contains("Saved."));
    }

    @Test
    void anAlertIsAcknowledgedFromTheList() {
        Alerts alerts = new Alerts(suite, org);
        String rule = alerts.rule(Alerts.countRule("high_error_frequency", 1));
        alerts.events(List.of(Alerts.consoleError("console-" + UUID.randomUUID(), Instant.now().minusSeconds(5))));
        String alertId = alerts.awaitAlert(rule).get("alert_id").asString();

        open("#/alerts");
        By acknowledge = By.cssSelector("button[data-alert='" + alertId + "']");
        screenshot("alerts");
        wait.until(ExpectedConditions.elementToBeClickable(acknowledge)).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("span[data-alert='" + alertId + "']"), "acknowledged"));

        JsonNode alert = alerts.get(Alerts.ALERTS + "/" + alertId).json();
        assertThat(alert.get("status").asString()).isEqualTo("acknowledged");
        assertThat(browser.findElement(By.id("alert-list")).getText()).contains("high_error_frequency");
    }

    @Test
    void everyPageRendersAtLaptopAndPhoneWidthWithoutSpillingSideways() {
        List<String> routes = List.of("#/customers", "#/companies", "#/collections", "#/sessions", "#/alerts", "#/messages/email",
                "#/messages/sms", "#/tickets", "#/bot", "#/settings/widget", "#/settings/support-hours", "#/settings/reminders",
                "#/settings/alert-triggers", "#/settings/activity-segments", "#/settings/ticketing", "#/settings/whatsapp",
                "#/conversations", "#/settings/agents", "#/settings/replay");
        for (String route : routes) {
            open(route);
            WebElement heading = browser.findElement(By.cssSelector("main h1"));
            assertThat(heading.getText()).as(route).isNotBlank();
            assertThat(browser.findElement(By.cssSelector("#nav a[aria-current=page]")).getAttribute("href")).as(route)
                    .endsWith(route.replaceAll("^(#/[a-z]+).*", "$1"));
            screenshot(route.substring(2).replace('/', '-'));
            phone(() -> assertThat(browser.executeScript("return [window.innerWidth, document.documentElement.scrollWidth]"))
                    .as(route + ": the viewport's width, then the page's").isEqualTo(List.of(375L, 375L)));
        }
    }

    @Test
    void theInboxShowsAConversationAndAnswersItLive() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
        String visitorToken = suite.post(Routes.VISITORS, "{\"name\": \"Ada\"}", "X-Public-Key", org.publicKey()).json()
                .get("visitor_token").asString();
        String[] asVisitor = {"X-Public-Key", org.publicKey(), "X-Visitor-Token", visitorToken};
        Answer started = suite.post(Routes.WIDGET, "{\"message\": \"My invoice shows the wrong plan\"}", asVisitor);
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        String conversationId = started.json().get("conversation_id").asString();

        open("#/conversations");
        answerAs("grace@support.test");
        wait.until(driver -> driver.findElement(By.cssSelector("[data-console=live-status]")).getText().equals("Live"));
        click(By.cssSelector("[data-console=conversation-row][data-conversation-id='" + conversationId + "']"));
        awaitThreadShows("visitor", "My invoice shows the wrong plan");
        assertThat(browser.findElement(By.cssSelector("[data-console=context]")).getText()).isNotBlank();

        // written by the visitor while the agent looks: it appears without a reload
        suite.post(Routes.WIDGET + "/" + conversationId + "/messages", "{\"content\": \"It says Team, I pay for Pro\"}", asVisitor);
        awaitThreadShows("visitor", "It says Team, I pay for Pro");

        reply("Thanks Ada, I am fixing it now.");
        click(By.cssSelector("[data-console=private-toggle]"));
        reply("Plan mismatch after the March upgrade");
        awaitThreadShows("agent", "Plan mismatch after the March upgrade");
        HeadlessChromium.screenshot(browser, SCREENSHOTS.resolve("inbox-laptop.png"));

        JsonNode seenByVisitor = suite.get(Routes.WIDGET + "/" + conversationId + "/messages", asVisitor).json();
        assertThat(seenByVisitor.get("data").valueStream().map(message -> message.get("content").asString()))
                .contains("Thanks Ada, I am fixing it now.").doesNotContain("Plan mismatch after the March upgrade");
        JsonNode seenByAgents = suite.get(Routes.INBOX + "/" + conversationId + "/messages", "x-api-key", org.apiKey()).json();
        assertThat(seenByAgents.get("data").valueStream().filter(message -> message.get("private").asBoolean())
                .map(message -> message.get("content").asString())).containsExactly("Plan mismatch after the March upgrade");
        assertThat(suite.get(Routes.INBOX + "/" + conversationId, "x-api-key", org.apiKey()).json().get("assignee_email").asString())
                .isEqualTo("grace@support.test");
    }

    /**
     * A reply box never discards text it did not send: what is typed while a (slow) send is out stays
     * in the box, and a send that fails puts its text back and says so.
     */
    @Test
    void theReplyBoxKeepsWhatIsTypedDuringASendAndWhatFailedToGo() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
        String visitorToken = suite.post(Routes.VISITORS, "{\"name\": \"Lin\"}", "X-Public-Key", org.publicKey()).json()
                .get("visitor_token").asString();
        String conversationId = suite.post(Routes.WIDGET, "{\"message\": \"Is anyone there?\"}", "X-Public-Key", org.publicKey(),
                "X-Visitor-Token", visitorToken).json().get("conversation_id").asString();
        open("#/conversations");
        answerAs("grace@support.test");
        click(By.cssSelector("[data-console=conversation-row][data-conversation-id='" + conversationId + "']"));
        awaitThreadShows("visitor", "Is anyone there?");
        // a slow network: each reply's POST answers after 1.5 s; with window.__refuse set it fails instead
        browser.executeScript("""
                const pageFetch = window.fetch;
                window.__refuse = false;
                window.fetch = (url, init) => String(url).endsWith('/messages') && init && init.method === 'POST'
                  ? new Promise(resolve => setTimeout(resolve, 1500))
                      .then(() => window.__refuse ? Promise.reject(new TypeError('Failed to fetch')) : pageFetch(url, init))
                  : pageFetch(url, init);""");

        reply("Yes, here!");
        WebElement input = browser.findElement(By.cssSelector("[data-console=reply-input]"));
        input.sendKeys("Give me a second");
        awaitThreadShows("agent", "Yes, here!");
        assertThat(input.getDomProperty("value")).as("typed while the first reply was out").isEqualTo("Give me a second");

        browser.executeScript("window.__refuse = true");
        click(By.cssSelector("[data-console=reply-send]"));
        wait.until(driver -> driver.findElement(By.id("reply-error")).getText().startsWith("Not sent"));
        assertThat(input.getDomProperty("value")).isEqualTo("Give me a second");
        browser.executeScript("window.__refuse = false");
        click(By.cssSelector("[data-console=reply-send]"));
        awaitThreadShows("agent", "Give me a second");
        assertThat(suite.get(Routes.INBOX + "/" + conversationId + "/messages", "x-api-key", org.apiKey()).json().get("data").valueStream()
                .map(message -> message.get("content").asString())).containsExactly("Is anyone there?", "Yes, here!", "Give me a second");
    }

    @Test
    void theSessionPagePlaysItsRecordingWithATimeline() throws IOException {
        Answer replayOn = suite.put("/external/v1/settings/replay", """
                        {"enabled": true, "sample_rate": 1, "mask_all_text": true, "mask_all_inputs": true,
                         "block_selector": "[data-engagement-block]", "min_duration_ms": 0}""", "x-api-key", org.apiKey());
        assertThat(replayOn.status()).as(replayOn.body()).isEqualTo(200);
        String session;
        try (TestSite site = TestSite.start()) {
            site.serveHtml("/pricing", """
                    <!doctype html><html><head><title>Pricing</title>
                    <script src="%s/sdk/engagement.js" data-public-key="%s"></script></head>
                    <body style="font-family: sans-serif"><h1 style="color: #0a7d5a">Plans and pricing</h1>
                    <p data-engagement-unmask>Compare our plans</p><button id="buy">Buy Pro</button></body></html>
                    """.formatted(suite.gateway().toString().replaceAll("/$", ""), org.publicKey()));
            browser.get(site.url("/pricing"));
            wait.until(driver -> Boolean.TRUE.equals(((JavascriptExecutor) driver).executeScript("return window.__engagementReplayStarted === true")));
            browser.findElement(By.id("buy")).click();
            browser.executeScript("console.error('Checkout failed to load')");
            session = (String) browser.executeScript("return sessionStorage.getItem('engagement.session_id')");
            await().atMost(Duration.ofSeconds(40)).until(() -> suite.get("/external/v1/sessions/" + session + "/replay", "x-api-key", org.apiKey()),
                    replay -> replay.status() == 200 && replay.body().contains("Checkout failed to load"));
        }

        browser.manage().logs().get(LogType.BROWSER); // what earlier pages logged
        open("#/sessions/" + session);
        WebElement player = wait.until(driver -> driver.findElement(By.cssSelector("[data-console=replay] iframe")));
        assertThat(browser.findElements(By.cssSelector("[data-console=marker]")).stream().map(marker -> marker.getDomAttribute("data-kind")))
                .contains("page_view", "click", "console_error");
        browser.switchTo().frame(player);
        try {
            wait.until(driver -> driver.findElement(By.tagName("body")).getText().contains("Compare our plans"));
            assertThat(browser.findElement(By.tagName("body")).getText()).doesNotContain("Plans and pricing");
        } finally {
            browser.switchTo().defaultContent();
        }
        assertThat(browser.manage().logs().get(LogType.BROWSER).getAll()).map(entry -> entry.getMessage())
                .as("the player keeps to the console's policy").noneMatch(message -> message.contains("Content Security Policy"));
        HeadlessChromium.screenshot(browser, SCREENSHOTS.resolve("replay-laptop.png"));
    }

    private static void reply(String text) {
        wait.until(driver -> {
            driver.findElement(By.cssSelector("[data-console=reply-input]")).sendKeys(text);
            return true;
        });
        click(By.cssSelector("[data-console=reply-send]"));
    }

    /** Clicks what the selector finds once it is there, looking it up again if the page re-rendered it meanwhile. */
    private static void click(By selector) {
        wait.until(driver -> {
            driver.findElement(selector).click();
            return true;
        });
    }

    private static void awaitThreadShows(String sender, String text) {
        wait.until(driver -> ((JavascriptExecutor) driver).executeScript("""
                return Array.from(document.querySelectorAll(arguments[0])).some(message => message.textContent.includes(arguments[1]));""",
                "[data-console=thread] [data-console=message][data-sender=" + sender + "]", text).equals(Boolean.TRUE));
    }

    /** Answers the inbox as an agent: the page asks once per load, so an inbox already answering as them asks nothing. */
    private static void answerAs(String email) {
        wait.until(driver -> !driver.findElements(By.id("agent-form")).isEmpty()
                || !driver.findElements(By.cssSelector("[data-console=agent-email]")).isEmpty());
        if (browser.findElements(By.id("agent-form")).isEmpty()) {
            assertThat(browser.findElement(By.cssSelector("[data-console=agent-email]")).getText()).isEqualTo(email);
            return;
        }
        browser.findElement(By.id("agent-email")).sendKeys(email);
        browser.findElement(By.cssSelector("#agent-form button[type=submit]")).click();
    }

    /** Opens a route signed in with the organization's key, and waits until its page has rendered. */
    private static void open(String route) {
        if (!browser.getCurrentUrl().startsWith(suite.gateway().resolve("/console/").toString())) {
            browser.get(suite.gateway().resolve("/console/").toString());
            wait.until(driver -> ((JavascriptExecutor) driver).executeScript("return document.readyState").equals("complete"));
        }
        if (route.isEmpty()) {
            return;
        }
        browser.executeScript("""
                document.getElementById('view').removeAttribute('data-route');
                sessionStorage.setItem('engagement.console.key', arguments[0]);
                if (location.hash === arguments[1]) window.dispatchEvent(new HashChangeEvent('hashchange'));
                else location.hash = arguments[1];""", org.apiKey(), route);
        awaitRoute(route);
    }

    private static void awaitRoute(String route) {
        try {
            wait.until(driver -> route.equals(driver.findElement(By.id("view")).getDomAttribute("data-route"))
                    && driver.findElements(By.cssSelector("main [aria-busy=true]")).isEmpty());
        } catch (TimeoutException notRendered) {
            throw new AssertionError("the console did not render " + route + " at " + browser.getCurrentUrl() + "; the page holds "
                    + browser.findElement(By.tagName("main")).getDomProperty("outerHTML") + "; the browser logged "
                    + browser.manage().logs().get(LogType.BROWSER).getAll(), notRendered);
        }
    }

    /** The control a visible label names, as a keyboard or screen-reader user finds it. */
    private static WebElement labelled(WebElement form, String label) {
        WebElement labelElement = form.findElement(By.xpath(".//label[normalize-space()='" + label + "']"));
        return form.findElement(By.id(labelElement.getDomAttribute("for")));
    }

    /** The current page at laptop width and at phone width. */
    private static void screenshot(String name) {
        try {
            Files.write(SCREENSHOTS.resolve(name + "-laptop.png"), browser.getScreenshotAs(OutputType.BYTES));
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
        phone(() -> {
            try {
                Files.write(SCREENSHOTS.resolve(name + "-phone.png"), browser.getScreenshotAs(OutputType.BYTES));
            } catch (IOException failure) {
                throw new UncheckedIOException(failure);
            }
        });
    }

    private static void phone(Runnable check) {
        browser.executeCdpCommand("Emulation.setDeviceMetricsOverride", PHONE);
        try {
            check.run();
        } finally {
            browser.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        }
    }
}
