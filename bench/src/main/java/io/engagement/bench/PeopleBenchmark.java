package io.engagement.bench;

import io.engagement.local.Credentials;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What people cost the gateway: sign-in with {@value #DEFAULT_IN_FLIGHT} sign-ins in flight (target
 * p99 under {@value #SIGN_IN_TARGET_MS} ms) beside the encoder's own hash time at the same cost, and a
 * data-API {@code GET} with a session cookie against the same {@code GET} with the data key, in
 * turns (target: the session adds under {@value #SESSION_TARGET_MS} ms at p50).
 *
 * <p>System properties: {@code bench.seconds} (20, per measurement), {@code bench.iterations} (2000,
 * per side of the GET), {@code bench.signins.in-flight} (4).
 */
public final class PeopleBenchmark {

    static final int DEFAULT_IN_FLIGHT = 4;
    static final double SIGN_IN_TARGET_MS = 300;
    static final double SESSION_TARGET_MS = 0.3;
    private static final String READ = "/external/v1/customers?page_size=1";

    private final Duration seconds = Duration.ofSeconds(Long.getLong("bench.seconds", 20));
    private final int inFlight = Integer.getInteger("bench.signins.in-flight", DEFAULT_IN_FLIGHT);
    private final SideBySide turns = new SideBySide(Integer.getInteger("bench.iterations", 2_000), seconds);

    public static void main(String[] args) throws Exception {
        new PeopleBenchmark().run();
    }

    private void run() throws Exception {
        try (BenchSuite suite = BenchSuite.start()) {
            Credentials demo = suite.credentials();
            URI gateway = URI.create(demo.gatewayUrl());
            Percentiles encoder = encoderAlone(demo.consolePassword());
            Percentiles signIns = signInsInFlight(gateway, demo);
            Browser browser = new Browser(gateway);
            SuiteHttp.expect(browser.signIn(demo), 200);
            SuiteHttp http = suite.http();
            System.out.println("Measuring a data-API GET with a session and with the data key, in turns ...");
            SideBySide.Pair reads = turns.inTurns(() -> SuiteHttp.expect(browser.get(READ), 200), () -> SuiteHttp.expect(http.get(READ), 200));
            print(encoder, signIns, reads.first(), reads.second());
        }
    }

    /** The gateway's encoder, at the gateway's cost, matching one password on one thread. */
    private Percentiles encoderAlone(String password) {
        System.out.println("Measuring the password encoder alone (Argon2id, Spring Security's defaults since 5.8) ...");
        PasswordEncoder encoder = Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8();
        String hash = encoder.encode(password);
        return turns.time(() -> encoder.matches(password, hash));
    }

    /** {@code inFlight} browsers signing in again and again for the measurement's time. */
    private Percentiles signInsInFlight(URI gateway, Credentials demo) throws Exception {
        System.out.printf("Measuring sign-in with %d in flight for %d s ...%n", inFlight, seconds.toSeconds());
        ExecutorService browsers = Executors.newFixedThreadPool(inFlight);
        long end = System.nanoTime() + seconds.toNanos();
        List<Future<List<Long>>> results = new ArrayList<>();
        for (int browser = 0; browser < inFlight; browser++) {
            results.add(browsers.submit(() -> {
                List<Long> samples = new ArrayList<>();
                for (int warmUp = 0; warmUp < 5; warmUp++) {
                    SuiteHttp.expect(new Browser(gateway).signIn(demo), 200);
                }
                while (System.nanoTime() < end) {
                    long started = System.nanoTime();
                    SuiteHttp.expect(new Browser(gateway).signIn(demo), 200);
                    samples.add(System.nanoTime() - started);
                }
                return samples;
            }));
        }
        List<Long> all = new ArrayList<>();
        for (Future<List<Long>> result : results) {
            all.addAll(result.get());
        }
        browsers.shutdown();
        return Percentiles.of(all.stream().mapToLong(Long::longValue).toArray(), all.size());
    }

    private void print(Percentiles encoder, Percentiles signIns, Percentiles withSession, Percentiles withKey) {
        String line = "+-----------------------------------------+-----------+-----------+-------+----------------------+";
        System.out.println();
        System.out.println(line);
        System.out.printf("| %-39s | %9s | %9s | %5s | %-20s |%n", "measurement", "p50", "p99", "runs", "target");
        System.out.println(line);
        row("Argon2id match alone, 1 thread", encoder, "");
        row("sign-in, " + inFlight + " in flight", signIns, "p99 < " + (int) SIGN_IN_TARGET_MS + " ms: " + met(signIns.p99() < SIGN_IN_TARGET_MS));
        row("GET with the data key", withKey, "");
        row("GET with a session", withSession, "");
        System.out.println(line);
        double added = withSession.p50() - withKey.p50();
        System.out.printf("sign-in p99 / encoder p99: %.2fx; the session adds %.3f ms at p50 (target under %.1f ms): %s%n",
                signIns.p99() / encoder.p99(), added, SESSION_TARGET_MS, met(added < SESSION_TARGET_MS));
    }

    private static void row(String name, Percentiles measured, String target) {
        System.out.printf("| %-39s | %6.2f ms | %6.2f ms | %5d | %-20s |%n", name, measured.p50(), measured.p99(), measured.runs(), target);
    }

    private static String met(boolean met) {
        return met ? "met" : "not met";
    }

    /** One person's browser: its cookies, kept between calls as a browser keeps them. */
    private static final class Browser {

        private final URI gateway;
        private final HttpClient http;

        Browser(URI gateway) {
            this.gateway = gateway;
            this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).cookieHandler(new CookieManager())
                    .connectTimeout(Duration.ofSeconds(5)).build();
        }

        HttpResponse<String> signIn(Credentials demo) {
            return send(HttpRequest.newBuilder(gateway.resolve("/auth/v1/sign-in")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"email\": \"" + demo.consoleEmail() + "\", \"password\": \""
                            + demo.consolePassword() + "\"}")));
        }

        HttpResponse<String> get(String path) {
            return send(HttpRequest.newBuilder(gateway.resolve(path)).GET());
        }

        private HttpResponse<String> send(HttpRequest.Builder request) {
            try {
                return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }
}
