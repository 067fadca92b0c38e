package io.engagement.bench;

import io.engagement.local.ServiceFleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * How many idle visitor sockets the local stack holds through the gateway while delivery stays
 * quick: sockets are opened in steps, and at each step a probe conversation posts 20 messages a
 * second for 15 s, alternately from its visitor and its agent, each timed until the other side's
 * socket has it. The steps stop once p99 passes 250 ms, opening sockets fails, or the open-file
 * limit is reached. Each step prints the gateway's and the customer service's heap and CPU.
 */
final class HeldConnections {

    private static final double P99_LIMIT_MS = 250;
    /** Every service's largest heap in this part. */
    private static final String HEAP = System.getProperty("bench.connections-heap", "1g");
    private static final int PROBE_RATE = 20;
    private static final Duration PROBE_WINDOW = Duration.ofSeconds(15);
    /** Visitors made, and sockets opened, this many at a time. */
    private static final int CHUNK = 64;
    private static final WebSocket.Listener IDLE = new WebSocket.Listener() {
    };

    private final HttpClient http;
    private final int step;
    private final int max;

    HeldConnections(HttpClient http, int step, int max) {
        this.http = http;
        this.step = step;
        this.max = max;
    }

    /** The gateway holds two descriptors for each socket it proxies; the rest of the limit is kept for everything else. */
    static int socketsTheLimitAllows() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    return (Integer.parseInt(line.split("\\s+")[3]) - 1_500) / 2;
                }
            }
        } catch (IOException | RuntimeException unknown) {
            // not Linux: assume the usual limit
        }
        return 9_000;
    }

    void run() throws IOException {
        System.out.printf("%nConnections held: idle visitor sockets through the gateway, in steps of %,d up to %,d"
                + " (the open-file limit's share), services' heaps up to %s%n", step, max, HEAP);
        // the local stack's heaps are sized for 2,000 connections: here the gateway may grow to what a
        // few thousand more keep (about 55 kB each), so the steps measure sockets rather than one heap
        try (BenchSuite suite = BenchSuite.start(Map.of(), List.of("-Xmx" + HEAP))) {
            URI gateway = URI.create(suite.credentials().gatewayUrl());
            String publicKey = suite.credentials().publicKey();
            String apiKey = suite.credentials().apiKey();
            String probeToken = visitorToken(gateway, publicKey);
            String conversation = ConversationsBenchmark.field(post(gateway, "/widget/v1/conversations", "{\"message\": \"probe\"}",
                    "X-Public-Key", publicKey, "X-Visitor-Token", probeToken), "conversation_id");
            List<WebSocket> idle = new ArrayList<>();
            System.out.printf("%n%-10s %10s %10s %14s %14s %14s %14s%n", "sockets", "p50 ms", "p99 ms", "gateway heap", "gateway CPU",
                    "customer heap", "customer CPU");
            for (int target = Math.min(step, max); ; target = Math.min(target + step, max)) {
                try {
                    open(gateway, publicKey, idle, target - idle.size());
                } catch (RuntimeException failed) {
                    System.out.printf("%-10s opening more sockets failed at %,d: %s%n", "", idle.size(), rootOf(failed));
                    break;
                }
                Step measured = probe(suite, gateway, publicKey, apiKey, probeToken, conversation);
                System.out.printf("%,-10d %10.1f %10.1f %11.0f MB %13.0f%% %11.0f MB %13.0f%%%n", idle.size(),
                        measured.latency().p50(), measured.latency().p99(), measured.gatewayHeapMb(), measured.gatewayCpu() * 100,
                        measured.customerHeapMb(), measured.customerCpu() * 100);
                if (measured.latency().p99() > P99_LIMIT_MS || target >= max) {
                    break;
                }
            }
            System.out.printf("(target: >= 20,000 sockets with p99 < %.0f ms; CPU is the share of one core)%n", P99_LIMIT_MS);
            idle.forEach(WebSocket::abort);
        }
    }

    private void open(URI gateway, String publicKey, List<WebSocket> idle, int count) {
        for (int opened = 0; opened < count; opened += CHUNK) {
            List<CompletableFuture<WebSocket>> chunk = new ArrayList<>();
            for (int i = 0; i < Math.min(CHUNK, count - opened); i++) {
                chunk.add(http.sendAsync(visitorRequest(gateway, publicKey), HttpResponse.BodyHandlers.ofString())
                        .thenCompose(created -> http.newWebSocketBuilder().buildAsync(ConversationsBenchmark.ws(gateway,
                                "/widget/v1/live?public_key=" + publicKey + "&visitor_token="
                                        + ConversationsBenchmark.field(SuiteHttp.expect(created, 201), "visitor_token")), IDLE)));
            }
            chunk.forEach(socket -> idle.add(socket.join()));
        }
    }

    private Step probe(BenchSuite suite, URI gateway, String publicKey, String apiKey, String probeToken, String conversation) {
        Map<String, Long> forAgent = new ConcurrentHashMap<>();
        Map<String, Long> forVisitor = new ConcurrentHashMap<>();
        LatencySamples samples = new LatencySamples(PROBE_RATE * (int) PROBE_WINDOW.toSeconds());
        String ticket = ConversationsBenchmark.field(post(gateway, "/external/v1/live/tickets", "{\"agent_email\": \"probe@bench.test\"}",
                "x-api-key", apiKey), "ticket");
        WebSocket agent = http.newWebSocketBuilder().buildAsync(ConversationsBenchmark.ws(gateway, "/external/v1/live?ticket=" + ticket),
                new NonceTiming(forAgent, samples)).join();
        WebSocket visitor = http.newWebSocketBuilder().buildAsync(ConversationsBenchmark.ws(gateway,
                "/widget/v1/live?public_key=" + publicKey + "&visitor_token=" + probeToken), new NonceTiming(forVisitor, samples)).join();
        Map<String, Long> pids = Map.of(ServiceFleet.GATEWAY, suite.servicePids().get(ServiceFleet.GATEWAY),
                ServiceFleet.CUSTOMER, suite.servicePids().get(ServiceFleet.CUSTOMER));
        Map<String, Double> before = ProcessCpu.sample(pids);
        long started = System.nanoTime();
        long interval = 1_000_000_000L / PROBE_RATE;
        List<CompletableFuture<?>> posts = new ArrayList<>();
        for (int i = 0; i < PROBE_RATE * PROBE_WINDOW.toSeconds(); i++) {
            LockSupport.parkNanos(started + i * interval - System.nanoTime());
            String nonce = UUID.randomUUID().toString();
            boolean fromVisitor = i % 2 == 0;
            (fromVisitor ? forAgent : forVisitor).put(nonce, System.nanoTime());
            HttpRequest.Builder request = HttpRequest.newBuilder(gateway.resolve("/" + (fromVisitor ? "widget" : "external")
                            + "/v1/conversations/" + conversation + "/messages")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"content\": \"bench:" + nonce + "\""
                            + (fromVisitor ? "" : ", \"agent_email\": \"probe@bench.test\"") + "}"));
            if (fromVisitor) {
                request.header("X-Public-Key", publicKey).header("X-Visitor-Token", probeToken);
            } else {
                request.header("x-api-key", apiKey);
            }
            posts.add(http.sendAsync(request.build(), HttpResponse.BodyHandlers.discarding()));
        }
        CompletableFuture.allOf(posts.toArray(CompletableFuture[]::new)).join();
        LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
        double seconds = (System.nanoTime() - started) / 1e9;
        Map<String, Double> spent = ProcessCpu.between(before, ProcessCpu.sample(pids));
        agent.abort();
        visitor.abort();
        return new Step(samples.percentiles(), heapMb(gateway), spent.get(ServiceFleet.GATEWAY) / seconds,
                heapMb(suite.serviceUri(ServiceFleet.CUSTOMER)), spent.get(ServiceFleet.CUSTOMER) / seconds);
    }

    /** The heap in use, from the service's Prometheus metrics. */
    private double heapMb(URI service) {
        HttpResponse<String> metrics = send(HttpRequest.newBuilder(service.resolve("/actuator/prometheus")).GET().build());
        double bytes = metrics.body().lines()
                .filter(line -> line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
        return bytes / (1024 * 1024);
    }

    private String visitorToken(URI gateway, String publicKey) {
        return ConversationsBenchmark.field(SuiteHttp.expect(send(visitorRequest(gateway, publicKey)), 201), "visitor_token");
    }

    private static HttpRequest visitorRequest(URI gateway, String publicKey) {
        return HttpRequest.newBuilder(gateway.resolve("/widget/v1/visitors")).header("Content-Type", "application/json")
                .header("X-Public-Key", publicKey).POST(HttpRequest.BodyPublishers.ofString("{}")).build();
    }

    private HttpResponse<String> post(URI gateway, String path, String json, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return SuiteHttp.expect(send(request.build()), 201);
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    private static String rootOf(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.toString();
    }

    private record Step(Percentiles latency, double gatewayHeapMb, double gatewayCpu, double customerHeapMb, double customerCpu) {
    }
}
