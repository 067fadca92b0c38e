package io.engagement.local.support;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;

/**
 * A real HTTP receiver on the loopback interface (webhooks, team workspace, a push service): it
 * keeps every request and answers the first {@code failures} with 500, the rest with 204.
 */
public final class Receiver implements AutoCloseable {

    private final HttpServer server;
    private final List<Request> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();
    private final CountDownLatch released = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicBoolean healed = new java.util.concurrent.atomic.AtomicBoolean();

    private Receiver(int failures, boolean hang) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(",", values)));
            received.add(new Request(exchange.getRequestURI().getPath(), headers, body));
            if (hang) {
                awaitRelease();
            }
            int status = calls.incrementAndGet() <= failures && !healed.get() ? 500 : 204;
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    public static Receiver failingFirst(int failures) {
        return new Receiver(failures, false);
    }

    /** From now on every request is answered 204. */
    public void heal() {
        healed.set(true);
    }

    /** A receiver that takes every request and never answers while it is open. */
    public static Receiver neverAnswering() {
        return new Receiver(0, true);
    }

    private void awaitRelease() {
        try {
            released.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public List<Request> awaitRequests(int count) {
        await().atMost(Alerts.RAISED).pollInterval(Duration.ofMillis(100)).until(() -> received.size() >= count);
        return List.copyOf(received);
    }

    public List<Request> received() {
        return List.copyOf(received);
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
    }

    public record Request(String path, Map<String, String> headers, byte[] body) {

        public String header(String name) {
            return headers.get(name);
        }

        public String text() {
            return new String(body, java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
