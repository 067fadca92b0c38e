package io.engagement.bench;

import com.sun.net.httpserver.HttpServer;
import io.engagement.local.Credentials;
import io.engagement.testkit.HeadlessChromium;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * What the browser side costs a customer's page, in Debian's headless Chromium against a fresh
 * suite with every consumer running, each figure beside the same page without it:
 * <ul>
 *   <li>the widget loader's bytes (raw and gzip) and its time to the launcher on a blank page,
 *       cold (the browser's cache cleared before each load), beside the blank page's own load;</li>
 *   <li>session replay's bytes per minute for a scripted minute on a reference page (the bodies the
 *       page sends, as sent: gzip where the browser compresses), beside the SDK's own telemetry
 *       on the same minute without recording;</li>
 *   <li>the main thread's time for rrweb's first full snapshot of a page of 10,000 DOM nodes,
 *       beside the time the page itself takes to build those nodes.</li>
 * </ul>
 * System properties: {@code bench.loads} (20 cold loads per side), {@code bench.seconds} (60, the
 * scripted session), {@code bench.snapshots} (5 pages of 10,000 nodes).
 */
public final class BrowserBenchmark {

    private static final int LOADS = Integer.getInteger("bench.loads", 20);
    private static final int SECONDS = Integer.getInteger("bench.seconds", 60);
    private static final int SNAPSHOTS = Integer.getInteger("bench.snapshots", 5);
    private static final String REPLAY_ON = """
            {"enabled": true, "sample_rate": 1, "mask_all_text": true, "mask_all_inputs": true,
             "block_selector": "[data-engagement-block]", "min_duration_ms": 0}""";
    private static final String REPLAY_OFF = REPLAY_ON.replace("\"enabled\": true", "\"enabled\": false");
    /** Loaded before the SDK: counts what the page sends to the suite, body by body, as it goes on the wire. */
    private static final String COUNTER = """
            window.__sent = {replay: 0, replayPlain: 0, telemetry: 0, chunks: 0};
            function __size(body) { return body == null ? 0 : (typeof body === 'string' ? new Blob([body]).size : body.size || 0); }
            function __count(url, body) {
              url = String(url);
              if (url.indexOf('/external/v1/events') < 0) return;
              var size = __size(body);
              if (url.indexOf('compression=gzip') >= 0) {
                window.__sent.replay += size; window.__sent.chunks++;
                new Response(body.stream().pipeThrough(new DecompressionStream('gzip'))).text()
                  .then(function (text) { window.__sent.replayPlain += new Blob([text]).size; });
              } else if (typeof body === 'string' ? body.indexOf('"type":"replay"') >= 0 : false) {
                window.__sent.replay += size; window.__sent.replayPlain += size; window.__sent.chunks++;
              } else {
                window.__sent.telemetry += size;
              }
            }
            var __fetch = window.fetch;
            window.fetch = function (url, init) { __count(url, init && init.body); return __fetch.apply(this, arguments); };
            var __beacon = navigator.sendBeacon.bind(navigator);
            navigator.sendBeacon = function (url, body) { __count(url, body); return __beacon(url, body); };
            """;

    private final HttpClient http = HttpClient.newHttpClient();
    private HttpServer site;
    private ChromeDriver browser;
    private String gateway;
    private Credentials credentials;

    public static void main(String[] args) throws Exception {
        new BrowserBenchmark().run();
    }

    private void run() throws Exception {
        try (BenchSuite suite = BenchSuite.start()) {
            credentials = suite.credentials();
            gateway = credentials.gatewayUrl().replaceAll("/$", "");
            site = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            site.start();
            browser = HeadlessChromium.start("bench-browser-profile");
            browser.executeCdpCommand("Network.enable", Map.of());
            browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
            try {
                List<String> rows = new ArrayList<>();
                rows.addAll(widget());
                rows.addAll(replayBytes());
                rows.addAll(firstSnapshot());
                System.out.println();
                System.out.printf("%-52s %16s %16s %12s%n", "browser side (Chromium, this machine)", "with it", "without it", "target");
                rows.forEach(System.out::println);
            } finally {
                browser.quit();
                site.stop(0);
            }
        }
    }

    private List<String> widget() {
        byte[] loader = http(HttpRequest.newBuilder(URI.create(gateway + "/widget/v1/widget.js")).GET()).body().getBytes(StandardCharsets.UTF_8);
        serve("/blank", "<!doctype html><html><head><title>Blank</title></head><body></body></html>");
        serve("/blank-widget", """
                <!doctype html><html><head><title>Blank</title>
                <script src="%s/widget/v1/widget.js" data-public-key="%s" async></script>
                <script>
                  (function check() {
                    var host = document.getElementById('engagement-widget');
                    if (host && host.shadowRoot && host.shadowRoot.querySelector('[data-engagement="launcher"]')) {
                      window.__launcher = performance.now();
                    } else { requestAnimationFrame(check); }
                  })();
                </script></head><body></body></html>""".formatted(gateway, credentials.publicKey()));
        System.out.printf("Widget: %d cold loads of a blank page with and without the loader%n", LOADS);
        List<Double> blank = new ArrayList<>();
        List<Double> withWidget = new ArrayList<>();
        List<Double> launcher = new ArrayList<>();
        for (int i = 0; i < LOADS; i++) {
            blank.add(coldLoad("/blank"));
            withWidget.add(coldLoad("/blank-widget"));
            launcher.add(((Number) script().executeAsyncScript("""
                    var done = arguments[arguments.length - 1];
                    (function wait() { if (window.__launcher) done(window.__launcher); else setTimeout(wait, 10); })();""")).doubleValue());
        }
        return List.of(
                String.format("%-52s %16s %16s %12s", "widget loader bytes, raw / gzip", loader.length + " / " + gzip(loader).length, "0", "<= 12,288 raw"),
                String.format("%-52s %16s %16s %12s", "blank page load event, p50 ms", ms(median(withWidget)), ms(median(blank)), ""),
                String.format("%-52s %16s %16s %12s", "time to the launcher (from navigation), p50 / p95 ms",
                        ms(median(launcher)) + " / " + ms(percentile(launcher, 0.95)), "", ""));
    }

    private double coldLoad(String path) {
        browser.executeCdpCommand("Network.clearBrowserCache", Map.of());
        browser.get("http://127.0.0.1:" + site.getAddress().getPort() + path);
        return ((Number) script().executeScript("return performance.getEntriesByType('navigation')[0].loadEventEnd")).doubleValue();
    }

    /** The reference page: a typical signed-in app page, driven for a minute by a script a person could have typed. */
    private List<String> replayBytes() {
        String page = """
                <!doctype html><html><head><title>Orders</title>
                <style>body{font:14px sans-serif;margin:0} header{background:#123;color:#fff;padding:12px} table{border-collapse:collapse;width:100%%}
                td,th{border-bottom:1px solid #ddd;padding:6px} .panel{padding:16px} .busy{opacity:.5}</style>
                <script src="/counter.js"></script>
                <script src="%s/sdk/engagement.js" data-public-key="%s"></script></head>
                <body><header><nav><a href="#orders">Orders</a> · <a href="#customers">Customers</a> · <a href="#reports">Reports</a></nav></header>
                <div class="panel"><h1>Orders</h1><form><label>Search <input id="search"></label> <label>Note <textarea id="note"></textarea></label>
                <button type="button" id="refresh">Refresh</button></form>
                <table><thead><tr><th>Order</th><th>Customer</th><th>Total</th><th>Status</th></tr></thead><tbody id="rows"></tbody></table></div>
                <script>
                  var rows = document.getElementById('rows');
                  function row(i) { var tr = document.createElement('tr');
                    tr.innerHTML = '<td>#' + (1000 + i) + '</td><td>Customer ' + i + '</td><td>' + (i * 7 %% 300) + '.00</td><td>open</td>'; return tr; }
                  for (var i = 0; i < 50; i++) rows.appendChild(row(i));
                  var tick = 0;
                  window.__script = setInterval(function () {
                    tick++;
                    var search = document.getElementById('search');
                    search.value = 'order ' + tick; search.dispatchEvent(new Event('input', {bubbles: true}));
                    document.dispatchEvent(new MouseEvent('mousemove', {clientX: 10 * (tick %% 80), clientY: 5 * (tick %% 60), bubbles: true}));
                    window.scrollTo(0, (tick * 40) %% 600);
                    if (tick %% 2 === 0) { rows.firstChild.lastChild.textContent = tick %% 4 ? 'paid' : 'open'; }
                    if (tick %% 10 === 0) { document.getElementById('refresh').click(); rows.appendChild(row(50 + tick)); rows.removeChild(rows.firstChild); }
                  }, 500);
                </script></body></html>""".formatted(gateway, credentials.publicKey());
        serve("/orders", page);
        serve("/counter.js", COUNTER);
        System.out.printf("Replay: a scripted %d-second session on the reference page, with recording and without%n", SECONDS);
        Map<String, Object> on = scriptedSession(REPLAY_ON);
        Map<String, Object> off = scriptedSession(REPLAY_OFF);
        double perMinute = 60.0 / SECONDS;
        double replay = ((Number) on.get("replay")).doubleValue() * perMinute / 1024;
        double replayPlain = ((Number) on.get("replayPlain")).doubleValue() * perMinute / 1024;
        return List.of(
                String.format("%-52s %16s %16s %12s", "replay kB/min sent (gzip), its chunks",
                        kb(replay) + " (" + on.get("chunks") + ")", "0", "<= 100"),
                String.format("%-52s %16s %16s %12s", "replay kB/min before compression", kb(replayPlain), "", ""),
                String.format("%-52s %16s %16s %12s", "the SDK's own telemetry, kB/min",
                        kb(((Number) on.get("telemetry")).doubleValue() * perMinute / 1024),
                        kb(((Number) off.get("telemetry")).doubleValue() * perMinute / 1024), ""));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> scriptedSession(String replaySettings) {
        putReplay(replaySettings);
        browser.get("about:blank");
        browser.get("http://127.0.0.1:" + site.getAddress().getPort() + "/orders");
        sleep(Duration.ofSeconds(SECONDS));
        Object counted = script().executeScript("clearInterval(window.__script); return window.__sent");
        // the last chunk and batch leave as the page goes; counted from the page before it does
        script().executeScript("document.dispatchEvent(new Event('visibilitychange'))");
        return (Map<String, Object>) counted;
    }

    private List<String> firstSnapshot() {
        putReplay(REPLAY_ON);
        serve("/ten-thousand", """
                <!doctype html><html><head><title>Big</title></head><body>
                <script>
                  var started = performance.now();
                  var root = document.createElement('div');
                  for (var i = 0; i < 2000; i++) {
                    var item = document.createElement('section'); item.className = 'item-' + (i %% 7);
                    var title = document.createElement('h3'); title.textContent = 'Item ' + i;
                    var text = document.createElement('p'); text.textContent = 'Description of item ' + i + ' with some words';
                    item.appendChild(title); item.appendChild(text); root.appendChild(item);
                  }
                  document.body.appendChild(root);
                  window.__built = performance.now() - started;
                </script>
                <script src="%s/sdk/engagement.js" data-public-key="%s"></script></body></html>""".formatted(gateway, credentials.publicKey()));
        System.out.printf("Replay: the first full snapshot of a page of 10,000 nodes, %d loads%n", SNAPSHOTS);
        List<Double> snapshot = new ArrayList<>();
        List<Double> built = new ArrayList<>();
        long nodes = 0;
        for (int i = 0; i < SNAPSHOTS; i++) {
            browser.get("about:blank");
            browser.get("http://127.0.0.1:" + site.getAddress().getPort() + "/ten-thousand");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            Object measured = null;
            while (measured == null && System.nanoTime() < deadline) {
                measured = script().executeScript("var m = performance.getEntriesByName('engagement-replay-first-snapshot'); return m.length ? m[0].duration : null");
                if (measured == null) {
                    sleep(Duration.ofMillis(50));
                }
            }
            if (measured == null) {
                throw new IllegalStateException("the recorder did not start on the 10,000-node page");
            }
            snapshot.add(((Number) measured).doubleValue());
            built.add(((Number) script().executeScript("return window.__built")).doubleValue());
            // text nodes count too: 2,000 sections, each with a title and a paragraph and their texts
            nodes = ((Number) script().executeScript("var n = 0, w = document.createTreeWalker(document.body); while (w.nextNode()) n++; return n")).longValue();
        }
        return List.of(String.format("%-52s %16s %16s %12s", "first full snapshot, " + String.format("%,d", nodes) + " nodes, p50 / max ms",
                ms(median(snapshot)) + " / " + ms(snapshot.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)),
                ms(median(built)) + " (build)", "< 100"));
    }

    private void putReplay(String body) {
        HttpResponse<String> stored = http(HttpRequest.newBuilder(URI.create(gateway + "/external/v1/settings/replay"))
                .header("x-api-key", credentials.apiKey()).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
        if (stored.statusCode() != 200) {
            throw new IllegalStateException("replay settings refused: " + stored.body());
        }
    }

    private HttpResponse<String> http(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void serve(String path, String html) {
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        String type = path.endsWith(".js") ? "application/javascript" : "text/html; charset=utf-8";
        site.createContext(path, exchange -> {
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
    }

    private JavascriptExecutor script() {
        return browser;
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

    private static double median(List<Double> values) {
        return percentile(values, 0.5);
    }

    private static double percentile(List<Double> values, double quantile) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.isEmpty() ? Double.NaN : sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(quantile * sorted.size()) - 1));
    }

    private static String ms(double value) {
        return String.format("%.1f", value);
    }

    private static String kb(double value) {
        return String.format("%.1f", value);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
