package io.engagement.gateway;

import java.io.IOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * A person's browser on one gateway: it keeps the cookies the gateway sets and, as the console
 * does, echoes {@code XSRF-TOKEN} in {@code X-XSRF-TOKEN} on every write (unless told not to).
 */
public final class Browser {

    private final URI gateway;
    private final CookieManager cookies = new CookieManager();
    private final HttpClient http;

    public Browser(URI gateway) {
        this.gateway = gateway;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).cookieHandler(cookies)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** The same cookies, sent to another replica, as a load balancer would. */
    public Browser on(URI replica) {
        Browser moved = new Browser(replica);
        cookies.getCookieStore().getCookies().forEach(cookie -> moved.cookies.getCookieStore().add(replica, cookie));
        return moved;
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(gateway.resolve(path)).GET());
    }

    public HttpResponse<String> post(String path, String json) {
        return write("POST", path, json, true);
    }

    public HttpResponse<String> write(String method, String path, String json, boolean withCsrfToken) {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway.resolve(path))
                .header("Content-Type", "application/json")
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (withCsrfToken) {
            cookie("XSRF-TOKEN").ifPresent(token -> request.header("X-XSRF-TOKEN", token));
        }
        return send(request);
    }

    public Optional<String> cookie(String name) {
        return cookies.getCookieStore().getCookies().stream().filter(cookie -> cookie.getName().equals(name))
                .map(HttpCookie::getValue).filter(value -> !value.isEmpty()).findFirst();
    }

    /** Sets a cookie as a page on the same site could, before sign-in. */
    public void plant(String name, String value) {
        HttpCookie cookie = new HttpCookie(name, value);
        cookie.setPath("/");
        cookies.getCookieStore().add(gateway, cookie);
    }

    public HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
