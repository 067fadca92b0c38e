package io.engagement.local.support;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A customer's website on another origin than the gateway ({@code http://127.0.0.1:<port>}), for
 * the browser tests: the SDK, the widget and the replay recorder are loaded from the suite into its
 * pages as a customer's site would load them.
 */
public final class TestSite implements AutoCloseable {

    private final HttpServer server;

    private TestSite(HttpServer server) {
        this.server = server;
    }

    public static TestSite start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.start();
            return new TestSite(server);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page's address on this site. */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public void serveHtml(String path, String html) {
        serve(path, "text/html; charset=utf-8", html);
    }

    /** Serves {@code content} at {@code path} from now on, instead of what it served before. */
    public void serve(String path, String type, String content) {
        byte[] body = content.getBytes(StandardCharsets.UTF_8);
        try {
            server.removeContext(path);
        } catch (IllegalArgumentException none) {
            // first use of the path
        }
        server.createContext(path, exchange -> {
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
    }

    /** Answers every request at {@code path} with {@code status} and no body: a failing call of the page. */
    public void fail(String path, int status) {
        server.createContext(path, exchange -> {
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
