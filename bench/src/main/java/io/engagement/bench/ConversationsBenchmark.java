package io.engagement.bench;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Live delivery as a visitor and an agent feel it, through the gateway of a fresh suite: with
 * {@code bench.visitors} visitor sockets and {@code bench.agents} agent sockets open, messages are
 * posted at {@code bench.rate} a second for {@code bench.seconds}, alternately by a visitor (timed
 * until the first agent socket has it) and by an agent (timed until the visitor's socket has it),
 * with one replica of the customer service and again with two (sockets spread over both by the
 * gateway, so most messages are written on one replica and pushed by the other). Beside them, in
 * the same run, the floor: the same round trip over a bare Reactor Netty WebSocket echo. Then the
 * connections held: idle visitor sockets opened in steps until delivery's p99 passes 250 ms or the
 * machine's open-file limit is reached, with the gateway's and the customer service's heap and CPU
 * at each step.
 * <p>
 * System properties: {@code bench.part} ({@code all}, or any of {@code delivery}, {@code replicas}
 * and {@code connections}, comma-separated), {@code bench.visitors} (2000), {@code bench.agents} (20), {@code bench.rate}
 * (200), {@code bench.seconds} (60), {@code bench.socket-step} (2000), {@code bench.max-sockets} (what the
 * open-file limit allows: the gateway holds two descriptors per proxied socket).
 */
public final class ConversationsBenchmark {

    private final int visitors = Integer.getInteger("bench.visitors", 2_000);
    private final int agents = Integer.getInteger("bench.agents", 20);
    private final int rate = Integer.getInteger("bench.rate", 200);
    private final Duration window = Duration.ofSeconds(Integer.getInteger("bench.seconds", 60));
    private final String part = System.getProperty("bench.part", "all");
    private final int socketStep = Integer.getInteger("bench.socket-step", 2_000);
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    /** Posted and not yet received, by nonce: a visitor's messages for the agents, an agent's for the visitor. */
    private final Map<String, Long> forAgents = new ConcurrentHashMap<>();
    private final Map<String, Long> forVisitors = new ConcurrentHashMap<>();
    private final Map<String, Long> echoes = new ConcurrentHashMap<>();
    /** The posts not answered 201, by their status or, for a post that got no answer, the failure's class. */
    private final Map<String, AtomicInteger> refused = new ConcurrentSkipListMap<>();

    public static void main(String[] args) throws Exception {
        new ConversationsBenchmark().run();
    }

    private void run() throws Exception {
        System.out.printf("Conversations: %,d visitor and %,d agent sockets through the gateway, %,d messages/s for %d s%n",
                visitors, agents, rate, window.toSeconds());
        List<String> parts = List.of(part.split(","));
        boolean all = parts.contains("all");
        Latencies one = all || parts.contains("delivery") ? throughTheSuite(1) : null;
        Latencies two = all || parts.contains("replicas") ? throughTheSuite(2) : null;
        if (one != null || two != null) {
            Percentiles floor = bareEcho();
            System.out.println();
            System.out.printf("%-40s %22s %22s%n", "delivery (ms): p50 / p99 (samples)", "1 customer replica", "2 customer replicas");
            row("visitor POST -> agent socket", one == null ? null : one.toAgents(), two == null ? null : two.toAgents());
            row("agent POST -> visitor socket", one == null ? null : one.toVisitors(), two == null ? null : two.toVisitors());
            row("floor: bare WebSocket echo round trip", floor, null);
            System.out.println("(target: p99 < 100 ms)");
        }
        if (all || parts.contains("connections")) {
            new HeldConnections(http, socketStep, Integer.getInteger("bench.max-sockets", HeldConnections.socketsTheLimitAllows())).run();
        }
    }

    private Latencies throughTheSuite(int customerReplicas) throws Exception {
        System.out.printf("%nDelivery with %d customer service replica(s)%n", customerReplicas);
        forAgents.clear();
        forVisitors.clear();
        refused.clear();
        try (BenchSuite suite = BenchSuite.start(Map.of("ENGAGEMENT_REPLICAS_CUSTOMER", Integer.toString(customerReplicas)))) {
            URI gateway = URI.create(suite.credentials().gatewayUrl());
            String publicKey = suite.credentials().publicKey();
            String apiKey = suite.credentials().apiKey();
            LatencySamples toAgents = new LatencySamples(rate * (int) window.toSeconds());
            LatencySamples toVisitors = new LatencySamples(rate * (int) window.toSeconds());
            // made a few at a time: setting up, not measured
            List<Visitor> people = Flux.range(0, visitors)
                    .flatMap(i -> Mono.fromCallable(() -> {
                        String token = field(post(gateway, "/widget/v1/visitors", "{}", "X-Public-Key", publicKey), "visitor_token");
                        String conversation = field(post(gateway, "/widget/v1/conversations", "{\"message\": \"hello\"}",
                                "X-Public-Key", publicKey, "X-Visitor-Token", token), "conversation_id");
                        return new Visitor(token, conversation);
                    }).subscribeOn(Schedulers.boundedElastic()), 16)
                    .collectList().block();
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
            if (System.getProperty("bench.record") != null) {
                // -Dbench.record=<directory>: a flight recording of every process while messages are sent
                FlightRecordings.start(suite.servicePids(), Path.of(System.getProperty("bench.record")), Duration.ofSeconds(5),
                        window.minusSeconds(10));
            }
            Map<String, Double> before = ProcessCpu.sample(suite.servicePids());
            long started = System.nanoTime();
            send(gateway, publicKey, apiKey, people);
            LockSupport.parkNanos(Duration.ofSeconds(2).toNanos());
            double seconds = (System.nanoTime() - started) / 1e9;
            ProcessCpu.between(before, ProcessCpu.sample(suite.servicePids()))
                    .forEach((process, cpu) -> System.out.printf("  CPU %-44s %5.0f%% of a core%n", process, cpu / seconds * 100));
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
            posts.add(http.sendAsync(request.build(), HttpResponse.BodyHandlers.discarding())
                    .thenAccept(answer -> {
                        if (answer.statusCode() != 201) {
                            refusal(Integer.toString(answer.statusCode()));
                        }
                    })
                    .exceptionally(failure -> {
                        refusal((failure.getCause() == null ? failure : failure.getCause()).getClass().getSimpleName());
                        return null;
                    }));
        }
        CompletableFuture.allOf(posts.toArray(CompletableFuture[]::new)).join();
        int refusals = refused.values().stream().mapToInt(AtomicInteger::get).sum();
        System.out.printf("  %,d of %,d posts refused or failed%s%n", refusals, count, refused.isEmpty() ? "" : " " + refused);
    }

    private void refusal(String kind) {
        refused.computeIfAbsent(kind, any -> new AtomicInteger()).incrementAndGet();
    }

    /** The floor: a bare WebSocket echo server in this JVM, the same rate of round trips for the same time. */
    private Percentiles bareEcho() {
        DisposableServer server = HttpServer.create().port(0)
                .route(routes -> routes.ws("/echo", (in, out) -> out.sendString(in.receive().asString())))
                .bindNow();
        try {
            LatencySamples roundTrips = new LatencySamples(rate * (int) window.toSeconds());
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

    private WebSocket connect(URI uri, Map<String, Long> awaited, LatencySamples samples) {
        return http.newWebSocketBuilder().buildAsync(uri, new NonceTiming(awaited, samples)).join();
    }

    static URI ws(URI gateway, String path) {
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

    static String field(HttpResponse<String> response, String name) {
        Matcher value = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(response.body());
        if (!value.find()) {
            throw new IllegalStateException("no " + name + " in " + response.body());
        }
        return value.group(1);
    }

    private static void row(String name, Percentiles one, Percentiles two) {
        System.out.printf("%-40s %22s %22s%n", name, cell(one), cell(two));
    }

    private static String cell(Percentiles percentiles) {
        return percentiles == null ? "-" : String.format("%.1f / %.1f (%,d)", percentiles.p50(), percentiles.p99(), percentiles.runs());
    }

    private record Visitor(String token, String conversation) {
    }

    private record Latencies(Percentiles toAgents, Percentiles toVisitors) {
    }
}
