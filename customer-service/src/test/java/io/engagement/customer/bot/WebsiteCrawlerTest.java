package io.engagement.customer.bot;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.engagement.platform.net.AddressGuard;
import io.engagement.platform.net.HostLookup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WebsiteCrawlerTest {

    /** Long enough for a first fetch on a busy machine (a timed-out robots.txt allows nothing). */
    private static final BotSettings SETTINGS = settings(Duration.ofSeconds(5));

    private final Set<String> requested = ConcurrentHashMap.newKeySet();
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private HttpServer server;

    private record Answer(int status, String type, byte[] body, String location, boolean trickle) {
    }

    @BeforeEach
    void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void followsTheStartPagesRedirectAndStaysOnItsSite() {
        html("/robots.txt", 404, "");
        redirect("/", "/home");
        html("/home", 200, "<title>Home</title><p>Welcome home.</p><a href='/faq'>FAQ</a><a href='/moved'>Moved</a>"
                + "<a href='" + other("/elsewhere") + "'>Other</a>");
        html("/faq", 200, "<p>Questions and answers.</p>");
        redirect("/moved", other("/away"));

        List<WebsiteCrawler.Page> pages = crawler(true).crawl(at("/"), Duration.ofSeconds(30));

        assertThat(pages).extracting(page -> page.url().getPath()).containsExactly("/home", "/faq");
        assertThat(pages.get(0).text()).contains("Welcome home.");
        assertThat(requested).doesNotContain("/elsewhere");
    }

    @Test
    void anUnreachableRobotsTxtAllowsNothing() {
        html("/robots.txt", 503, "");
        html("/", 200, "<p>Hello.</p>");

        assertThatThrownBy(() -> crawler(true).crawl(at("/"), Duration.ofSeconds(30)))
                .isInstanceOf(TextExtraction.Unreadable.class).hasMessageContaining("robots.txt does not allow");
        assertThat(requested).doesNotContain("/");
    }

    @Test
    void aPageThatTricklesIsPassedOverAndAPageInLatin1IsReadAsSuch() {
        html("/robots.txt", 404, "");
        html("/", 200, "<p>Start.</p><a href='/slow'>Slow</a><a href='/latin'>Latin</a>");
        answers.put("/slow", new Answer(200, "text/html", "<p>Never finished</p>".getBytes(StandardCharsets.UTF_8), null, true));
        answers.put("/latin", new Answer(200, "text/html; charset=ISO-8859-1",
                "<p>Crème brûlée.</p>".getBytes(Charset.forName("ISO-8859-1")), null, false));

        List<WebsiteCrawler.Page> pages = new WebsiteCrawler(new AddressGuard(true, false, "the crawler"), settings(Duration.ofSeconds(2)))
                .crawl(at("/"), Duration.ofSeconds(30));

        assertThat(pages).extracting(page -> page.url().getPath()).containsExactly("/", "/latin");
        assertThat(pages.get(1).text()).contains("Crème brûlée.");
    }

    @Test
    void theGuardRefusesAddressesTheInstallationDoesNotAllow() {
        html("/", 200, "<p>Hello.</p>");

        assertThatThrownBy(() -> crawler(false).crawl(at("/"), Duration.ofSeconds(30)))
                .isInstanceOf(TextExtraction.Unreadable.class).hasMessageContaining("loopback");
        assertThat(requested).isEmpty();
    }

    @Test
    void aSiteWhoseNameAnsweredAPublicAddressWhenAddedAndLoopbackWhenCrawledIsNotRead() {
        html("/robots.txt", 404, "");
        html("/", 200, "<p>Hello.</p>");
        // TEST-NET-1: public to the guard, and never connected to here
        AddressGuard guard = new AddressGuard(false, false, "the crawler", dns(Map.of("help.example", List.of("192.0.2.10", "127.0.0.1"))));
        URI start = URI.create("http://help.example:" + server.getAddress().getPort() + "/");

        assertThat(guard.refusalNow(start)).as("the check when the website is added").isEmpty();

        assertThatThrownBy(() -> new WebsiteCrawler(guard, SETTINGS).crawl(start, Duration.ofSeconds(30)))
                .isInstanceOf(TextExtraction.Unreadable.class)
                .hasMessage("the target host help.example resolves to a loopback address, which the crawler may not reach");
        assertThat(requested).isEmpty();
    }

    @Test
    void aRedirectToANameThatResolvesToAPrivateAddressIsRefusedWithItsReason() {
        html("/robots.txt", 404, "");
        redirect("/", "http://intranet.example:" + server.getAddress().getPort() + "/admin");
        AddressGuard guard = new AddressGuard(true, false, "the crawler",
                dns(Map.of("help.example", List.of("127.0.0.1"), "intranet.example", List.of("10.0.0.7"))));

        assertThatThrownBy(() -> new WebsiteCrawler(guard, SETTINGS).crawl(URI.create("http://help.example:" + server.getAddress().getPort() + "/"),
                Duration.ofSeconds(30)))
                .isInstanceOf(TextExtraction.Unreadable.class)
                .hasMessage("the target host intranet.example resolves to a private address, which the crawler may not reach");
        assertThat(requested).containsExactlyInAnyOrder("/robots.txt", "/");
    }

    private static BotSettings settings(Duration fetchTimeout) {
        return new BotSettings(null, null, 50, null, fetchTimeout, null, null, true, false);
    }

    private WebsiteCrawler crawler(boolean allowLoopback) {
        return new WebsiteCrawler(new AddressGuard(allowLoopback, false, "the crawler"), SETTINGS);
    }

    private void html(String path, int status, String body) {
        answers.put(path, new Answer(status, path.endsWith(".txt") ? "text/plain" : "text/html; charset=utf-8",
                body.getBytes(StandardCharsets.UTF_8), null, false));
    }

    private void redirect(String path, String location) {
        answers.put(path, new Answer(301, "text/html", new byte[0], location, false));
    }

    private URI at(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    /** A name server whose answer for a name changes: each lookup gets the next one, the last one repeating. */
    private static HostLookup dns(Map<String, List<String>> answers) {
        Map<String, AtomicInteger> asked = new ConcurrentHashMap<>();
        return host -> {
            List<String> addresses = answers.get(host);
            if (addresses == null) {
                throw new UnknownHostException(host);
            }
            int next = Math.min(asked.computeIfAbsent(host, name -> new AtomicInteger()).getAndIncrement(), addresses.size() - 1);
            return List.of(InetAddress.getByName(addresses.get(next)));
        };
    }

    /** The same server under another host name: another site. */
    private String other(String path) {
        return "http://localhost:" + server.getAddress().getPort() + path;
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        requested.add(path);
        Answer answer = answers.getOrDefault(path, new Answer(404, "text/plain", new byte[0], null, false));
        exchange.getResponseHeaders().set("Content-Type", answer.type());
        if (answer.location() != null) {
            exchange.getResponseHeaders().set("Location", answer.location());
        }
        try {
            exchange.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
            if (answer.trickle()) {
                exchange.getResponseBody().write(answer.body(), 0, 3);
                exchange.getResponseBody().flush();
                Thread.sleep(3_000);
            }
            exchange.getResponseBody().write(answer.body());
        } catch (IOException | InterruptedException gone) {
            // the crawler closed the connection
        } finally {
            exchange.close();
        }
    }
}
