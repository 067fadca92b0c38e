package io.engagement.bench;

import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Live delivery as a visitor and an agent feel it, through the gateway of a fresh suite: with
 * {@code bench.visitors} visitor sockets and {@code bench.agents} agent sockets open, messages are
 * posted at {@code bench.rate} a second for {@code bench.seconds}, alternately by a visitor (timed
 * until the first agent socket has it) and by an agent (timed until the visitor's socket has it).
 * Beside it, in the same run, the floor: the same round trip over a bare Reactor Netty WebSocket echo.
 * <p>
 * System properties: {@code bench.visitors} (2000), {@code bench.agents} (20), {@code bench.rate} (200),
 * {@code bench.seconds} (60).
 */
public final class ConversationsBenchmark {

    private static final Pattern NONCE = Pattern.compile("bench:([0-9a-f-]{36})");

    private final int visitors = Integer.getInteger("bench.visitors", 2_000);
    private final int agents = Integer.getInteger("bench.agents", 20);
    private final int rate = Integer.getInteger("bench.rate", 200);
    private final Duration window = Duration.ofSeconds(Integer.getInteger("bench.seconds", 60));
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    /** Posted and not yet received, by nonce: a visitor's messages for the agents, an agent's for the visitor. */
    private final Map<String, Long> forAgents = new ConcurrentHashMap<>();
    private final Map<String, Long> forVisitors = new ConcurrentHashMap<>();
    private final Map<String, Long> echoes = new ConcurrentHashMap<>();

    public static void main(String[] args) throws Exception {
        new ConversationsBenchmark().run();
    }

    private void run() throws Exception {
        System.out.printf("Conversations: %,d visitor and %,d agent sockets through the gateway, %,d messages/s for %d s%n",
                visitors, agents, rate, window.toSeconds());
        Latencies delivery = throughTheSuite();
        Percentiles floor = bareEcho();
        System.out.println();
        System.out.printf("%-44s %10s %10s %10s%n", "delivery (ms)", "p50", "p99", "samples");
        row("visitor POST -> agent socket", delivery.toAgents());
        row("agent POST -> visitor socket", delivery.toVisitors());
        row("floor: bare WebSocket echo round trip", floor);
        System.out.println("(target: p99 < 100 ms)");
    }

    private Latencies throughTheSuite() throws Exception {
        try (BenchSuite suite = BenchSuite.start()) {
            URI gateway = URI.create(suite.credentials().gatewayUrl());
            String publicKey = suite.credentials().publicKey();
            String apiKey = suite.credentials().apiKey();
            Samples toAgents = new Samples(rate * (int) window.toSeconds());
            Samples toVisitors = new Samples(rate * (int) window.toSeconds());
            List<Visitor> people = new ArrayList<>();
            for (int i = 0; i < visitors; i++) {
                String token = field(post(gateway, "/widget/v1/visitors", "{}", "X-Public-Key", publicKey), "visitor_token");
                String conversation = field(post(gateway, "/widget/v1/conversations", "{\"message\": \"hello\"}",
                        "X-Public-Key", publicKey, "X-Visitor-Token", token), "conversation_id");
                people.add(new Visitor(token, conversation));
            }
            System.out.printf("  %,d visitors with a conversation each%n", people.size());
            List<WebSocket> sockets = new ArrayList<>();
            for (int i = 0; i < agents; i++) {
                String ticket = field(post(gateway, "/external/v1/live/tickets", "{\"agent_email\": \"agent" + i + "@bench.test\"}",
                        "x-api-key", apiKey), "ticket");
                sockets.add(connect(ws(gateway, "/external/v1/live?ticket=" + ticket), forAgents, toAgents));
            }
            for (Visitor visitor : people) {
                sockets.add(connect(ws(gateway, "/widget/v1/live?public_key=" + publicKey + "&visitor_token=" + visitor.token()), forVisitors,
                        toVisitors));
            }
            System.out.printf("  %,d sockets open%n", sockets.size());
            send(gateway, publicKey, apiKey, people);
            LockSupport.parkNanos(Duration.ofSeconds(2).toNanos());
            sockets.forEach(WebSocket::abort);
            return new Latencies(toAgents.percentiles(), toVisitors.percentiles());
        }
    }

    /** Alternately a visitor's message and an agent's reply, on a schedule of {@link #rate} a second. */
    private void send(URI gateway, String publicKey, String apiKey, List<Visitor> people) {
        long interval = 1_000_000_000L / rate;
        long count = window.toSeconds() * rate;
        long started = System.nanoTime();
        List<CompletableFuture<?>> posts = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            LockSupport.parkNanos(started + i * interval - System.nanoTime());
            Visitor visitor = people.get(ThreadLocalRandom.current().nextInt(people.size()));
            String nonce = UUID.randomUUID().toString();
            String content = "{\"content\": \"bench:" + nonce + "\"" + (i % 2 == 0 ? "" : ", \"agent_email\": \"agent0@bench.test\"") + "}";
            (i % 2 == 0 ? forAgents : forVisitors).put(nonce, System.nanoTime());
            HttpRequest.Builder request = HttpRequest.newBuilder(gateway.resolve(i % 2 == 0
                            ? "/widget/v1/conversations/" + visitor.conversation() + "/messages"
                            : "/external/v1/conversations/" + visitor.conversation() + "/messages"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(content));
            if (i % 2 == 0) {
                request.header("X-Public-Key", publicKey).header("X-Visitor-Token", visitor.token());
            } else {
                request.header("x-api-key", apiKey);
            }
            posts.add(http.sendAsync(request.build(), HttpResponse.BodyHandlers.discarding()));
        }
        CompletableFuture.allOf(posts.toArray(CompletableFuture[]::new)).join();
    }

    /** The floor: a bare WebSocket echo server in this JVM, the same rate of round trips for the same time. */
    private Percentiles bareEcho() {
        DisposableServer server = HttpServer.create().port(0)
                .route(routes -> routes.ws("/echo", (in, out) -> out.sendString(in.receive().asString())))
                .bindNow();
        try {
            Samples roundTrips = new Samples(rate * (int) window.toSeconds());
            WebSocket socket = connect(URI.create("ws://127.0.0.1:" + server.port() + "/echo"), echoes, roundTrips);
            long interval = 1_000_000_000L / rate;
            long count = window.toSeconds() * rate;
            long started = System.nanoTime();
            for (long i = 0; i < count; i++) {
                LockSupport.parkNanos(started + i * interval - System.nanoTime());
                String nonce = UUID.randomUUID().toString();
                echoes.put(nonce, System.nanoTime());
                socket.sendText("{\"data\": {\"content\": \"bench:" + nonce + "\"}}", true).join();
            }
            LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
            socket.abort();
            return roundTrips.percentiles();
        } finally {
            server.disposeNow();
        }
    }

    private WebSocket connect(URI uri, Map<String, Long> awaited, Samples samples) {
        return http.newWebSocketBuilder().buildAsync(uri, new Timing(awaited, samples)).join();
    }

    private static URI ws(URI gateway, String path) {
        return URI.create(gateway.resolve(path).toString().replaceFirst("^http", "ws"));
    }

    private HttpResponse<String> post(URI gateway, String path, String json, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return SuiteHttp.expect(http.send(request.build(), HttpResponse.BodyHandlers.ofString()), 201);
        } catch (java.io.IOException failed) {
            throw new java.io.UncheckedIOException(failed);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    private static String field(HttpResponse<String> response, String name) {
        Matcher value = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(response.body());
        if (!value.find()) {
            throw new IllegalStateException("no " + name + " in " + response.body());
        }
        return value.group(1);
    }

    private static void row(String name, Percentiles percentiles) {
        System.out.printf("%-44s %10.1f %10.1f %,10d%n", name, percentiles.p50(), percentiles.p99(), percentiles.runs());
    }

    /** A socket's listener: the first arrival of each message posted for this side is timed. */
    private static final class Timing implements WebSocket.Listener {

        private final Map<String, Long> awaited;
        private final Samples samples;
        private final StringBuilder partial = new StringBuilder();

        Timing(Map<String, Long> awaited, Samples samples) {
            this.awaited = awaited;
            this.samples = samples;
        }

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                Matcher nonce = NONCE.matcher(partial);
                if (nonce.find()) {
                    Long at = awaited.remove(nonce.group(1));
                    if (at != null) {
                        samples.add(System.nanoTime() - at);
                    }
                }
                partial.setLength(0);
            }
            socket.request(1);
            return null;
        }
    }

    /** Latencies in nanoseconds, collected from many threads. */
    private static final class Samples {

        private final long[] nanos;
        private final AtomicInteger count = new AtomicInteger();

        Samples(int capacity) {
            nanos = new long[capacity];
        }

        void add(long latency) {
            int at = count.getAndIncrement();
            if (at < nanos.length) {
                nanos[at] = latency;
            }
        }

        Percentiles percentiles() {
            return Percentiles.of(nanos, Math.min(count.get(), nanos.length));
        }
    }

    private record Visitor(String token, String conversation) {
    }

    private record Latencies(Percentiles toAgents, Percentiles toVisitors) {
    }
}
