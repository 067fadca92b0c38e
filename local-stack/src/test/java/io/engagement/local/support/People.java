package io.engagement.local.support;

import io.engagement.infra.inbox.ReceivedMail;

import java.io.IOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * People of an organization of the running suite, signed in as the console signs in: the operator
 * invites the first admin, each invitation reaches the embedded SMTP server through the messaging
 * service, and its link is accepted with a password.
 */
public record People(RunningSuite suite, RunningSuite.Organization org) {

    public static final String PASSWORD = "correct horse battery";
    private static final Pattern JOIN = Pattern.compile("#/join\\?token=([A-Za-z0-9_-]+)");

    /** The organization's first admin, invited by the operator and signed in. */
    public Person firstAdmin() {
        String email = address("admin");
        Answer invited = suite.admin("POST", "/admin/v1/organizations/" + org.id() + "/people",
                "{\"email\": \"" + email + "\", \"name\": \"Ada Admin\", \"role\": \"admin\"}");
        assertThat(invited.status()).as(invited.body()).isEqualTo(201);
        return join(email);
    }

    /** A member invited by {@code admin} with {@code role}, signed in. */
    public Person invite(Person admin, String role, String name) {
        String email = address(role);
        Answer invited = admin.post("/external/v1/people", "{\"email\": \"" + email + "\", \"name\": \"" + name + "\", \"role\": \"" + role + "\"}");
        assertThat(invited.status()).as(invited.body()).isEqualTo(201);
        return join(email);
    }

    private Person join(String email) {
        Person person = new Person(suite, email);
        Answer joined = person.post("/auth/v1/invitations/accept", "{\"token\": \"" + joinToken(email) + "\", \"password\": \"" + PASSWORD + "\"}");
        assertThat(joined.status()).as(joined.body()).isEqualTo(200);
        return person;
    }

    private String joinToken(String email) {
        AtomicReference<String> token = new AtomicReference<>();
        await().atMost(Mail.DELIVERED).until(() -> {
            for (ReceivedMail mail : suite.smtp.received()) {
                Matcher link = JOIN.matcher(mail.text());
                if (mail.to().stream().anyMatch(to -> to.address().equalsIgnoreCase(email)) && link.find()) {
                    token.set(link.group(1));
                    return true;
                }
            }
            return false;
        });
        return token.get();
    }

    private static String address(String who) {
        return who + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    /** A signed-in browser: its cookies, and {@code X-XSRF-TOKEN} on every write as the console sends it. */
    public static final class Person {

        private final RunningSuite suite;
        private final String email;
        private final CookieManager cookies = new CookieManager();
        private final HttpClient http;

        Person(RunningSuite suite, String email) {
            this.suite = suite;
            this.email = email;
            this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).cookieHandler(cookies)
                    .connectTimeout(Duration.ofSeconds(5)).build();
        }

        public String email() {
            return email;
        }

        public Answer get(String path) {
            return send(HttpRequest.newBuilder(suite.gateway().resolve(path)).GET());
        }

        public Answer post(String path, String json) {
            return write("POST", path, json);
        }

        public Answer write(String method, String path, String json) {
            HttpRequest.Builder request = HttpRequest.newBuilder(suite.gateway().resolve(path)).header("Content-Type", "application/json")
                    .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
            cookies.getCookieStore().getCookies().stream().filter(cookie -> cookie.getName().equals("XSRF-TOKEN"))
                    .map(HttpCookie::getValue).findFirst().ifPresent(token -> request.header("X-XSRF-TOKEN", token));
            return send(request);
        }

        private Answer send(HttpRequest.Builder request) {
            try {
                return Answer.of(http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
