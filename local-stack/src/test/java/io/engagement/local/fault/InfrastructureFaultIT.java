package io.engagement.local.fault;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Mail;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.Routes;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.IntStream;

import static io.engagement.local.support.PageAnalytics.at;
import static io.engagement.local.support.PageAnalytics.yesterday;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The broker, the database and the gateway taken away under load and given back: clients are told
 * 503 (or find the port closed), never 202 for what was not kept and never left hanging, and the suite
 * recovers on its own, with every accepted event counted once. Runs in the fault JVM, whose suite has a
 * broker and a database of its own.
 */
class InfrastructureFaultIT {

    /** The gateway's time limit per route (engagement.routing.timeout), and a margin for a loaded machine. */
    private static final Duration ROUTE_LIMIT = Duration.ofSeconds(10);
    private static final Duration MARGIN = Duration.ofSeconds(5);
    private static final Duration RECOVERED = Duration.ofMinutes(2);
    /** How long the delivery test keeps the database away: a few delivery batches' time, well within the driver's wait for a server. */
    private static final Duration OUTAGE = Duration.ofSeconds(3);

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void ingestAnswers503WhileTheBrokerIsDownAndCountsEveryAcceptedEventOnceAfterItReturns() {
        PageAnalytics site = new PageAnalytics(suite, suite.createOrganization("Broker outage " + UUID.randomUUID()));
        LocalDate day = yesterday();
        List<List<ObjectNode>> batches = IntStream.range(0, 6).mapToObj(b -> IntStream.range(0, 200).mapToObj(j -> site
                .view("b" + (j % 10) + "-" + site.marker, "/outage", at(day, "10:00").plusSeconds(b * 200L + j))
                .put("customer_id", "user-" + (j % 10))).toList()).toList();
        batches.subList(0, 2).forEach(site::send);

        List<Integer> duringOutage = new ArrayList<>();
        suite.breakable().stopKafka();
        try {
            for (List<ObjectNode> batch : batches.subList(2, 4)) {
                Instant asked = Instant.now();
                Answer refused = site.post(batch);
                duringOutage.add(refused.status());
                assertThat(Duration.between(asked, Instant.now())).isLessThan(ROUTE_LIMIT.plus(MARGIN));
                assertThat(refused.json().get("detail").isString()).as(refused.body()).isTrue();
            }
        } finally {
            suite.breakable().startKafka();
        }
        assertThat(duringOutage).as("never 202 for an event the broker did not acknowledge").containsOnly(503);

        // the client sends again what was refused, then the rest
        List<Integer> afterwards = new ArrayList<>();
        batches.subList(2, 6).forEach(batch -> afterwards.addAll(site.sendUntilAccepted(batch, RECOVERED)));
        assertThat(afterwards).isSubsetOf(202, 503, 0);

        site.awaitPages("/outage");
        String collection = site.createdId("{\"name\": \"Outage\", \"url_patterns\": [\"/outage\"]}");
        String range = "?start=" + day + "&end=" + day;
        Function<JsonNode, String> counts = summary -> summary.get("total_visits").asLong() + " visits, "
                + summary.get("unique_users").asLong() + " users";
        await().atMost(RECOVERED).pollInterval(Duration.ofMillis(500)).untilAsserted(() ->
                assertThat(counts.apply(site.analytics(collection, range).get("summary"))).isEqualTo("1200 visits, 10 users"));
        PageAnalytics.holds(() -> assertThat(counts.apply(site.analytics(collection, range).get("summary"))).isEqualTo("1200 visits, 10 users"));
    }

    @Test
    void aDatabaseOutageAnswers503JsonWithinTheRouteLimitAndRecoversWithoutARestart() {
        RunningSuite.Organization org = suite.createOrganization("Database outage " + UUID.randomUUID());
        Answer created = suite.post("/external/v1/customers", customer("kept"),
                "x-api-key", org.apiKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String customer = "/external/v1/customers/" + created.json().get("customer_id").asString();

        suite.breakable().cutMongo();
        try {
            for (Answer answer : List.of(
                    timed(() -> suite.get(customer, "x-api-key", org.apiKey())),
                    timed(() -> suite.post("/external/v1/customers", customer("new"),
                            "x-api-key", org.apiKey())))) {
                assertThat(answer.status()).as(answer.body()).isEqualTo(503);
                assertThat(answer.json().get("detail").isString()).as(answer.body()).isTrue();
            }
        } finally {
            suite.breakable().restoreMongo();
        }

        await().atMost(RECOVERED).pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> assertThat(suite.get(customer, "x-api-key", org.apiKey()).status()).isEqualTo(200));
        Answer afterwards = suite.post("/external/v1/customers", customer("after"),
                "x-api-key", org.apiKey());
        assertThat(afterwards.status()).as(afterwards.body()).isEqualTo(201);
    }

    @Test
    void emailsBeingDeliveredWhenTheDatabaseGoesAreEachDeliveredOnceAfterItReturns() throws InterruptedException {
        Mail mail = new Mail(suite, suite.createOrganization("Delivery outage " + UUID.randomUUID()));
        String emails = String.join(",", IntStream.range(0, 300).mapToObj(n -> """
                {"to_email": "%s", "subject": "Outage %d", "text_content": "Hello"}""".formatted(mail.address(), n)).toList());
        Answer accepted = suite.post(Routes.EMAIL_BULK, "{\"emails\": [" + emails + "]}",
                "X-Transactional-Key", mail.org().transactionalKey());
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        accepted.json().get("messages").forEach(message -> ids.add(message.get("message_id").asString()));

        // cut once the first has arrived, so the outage lands while the rest are being claimed, sent and recorded
        await().atMost(Mail.DELIVERED).until(() -> !mail.deliveredCopies(ids).isEmpty());
        suite.breakable().cutMongo();
        try {
            Thread.sleep(OUTAGE.toMillis());
        } finally {
            suite.breakable().restoreMongo();
        }

        await().atMost(RECOVERED).pollInterval(Duration.ofSeconds(1)).until(() -> mail.deliveredCopies(ids).size() == ids.size());
        assertThat(mail.deliveredCopies(ids)).hasSize(ids.size()).allSatisfy((id, copies) -> assertThat(copies).as(id).isEqualTo(1L));
        assertThat(ids).allSatisfy(id -> assertThat(mail.awaitStatus(id, "sent").get("attempts").asInt()).as(id).isEqualTo(1));
    }

    private static String customer(String kind) {
        return "{\"name\": \"Outage\", \"email\": \"" + kind + "-" + UUID.randomUUID() + "@example.com\", \"source\": \"api\"}";
    }

    @Test
    void clientsGetAnAnswerOrARefusalNeverAHungConnectionWhileTheGatewayRestarts() throws InterruptedException {
        RunningSuite.Organization org = suite.createOrganization("Gateway restart " + UUID.randomUUID());
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(suite.gateway().resolve("/external/v1/customers?page_size=1"))
                .header("x-api-key", org.apiKey()).timeout(ROUTE_LIMIT.plus(MARGIN)).GET().build();
        Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
        AtomicBoolean loading = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(4);
        for (int i = 0; i < 4; i++) {
            clients.submit(() -> {
                while (loading.get()) {
                    String outcome = outcome(client, request);
                    outcomes.computeIfAbsent(outcome, key -> new AtomicLong()).incrementAndGet();
                    if (outcome.equals("refused")) {
                        // a client backing off; spinning would only slow the gateway's start on two cores
                        pause();
                    }
                }
            });
        }
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> outcomes.containsKey("200"));
            suite.fleet.stop(ServiceFleet.GATEWAY);
            suite.fleet.start(ServiceFleet.GATEWAY);
            suite.fleet.awaitHealthy(RECOVERED);
            long before = outcomes.get("200").get();
            await().atMost(Duration.ofSeconds(30)).until(() -> outcomes.get("200").get() > before + 20);
        } finally {
            loading.set(false);
            clients.shutdown();
            clients.awaitTermination(30, TimeUnit.SECONDS);
        }
        assertThat(outcomes.keySet()).as("outcomes " + outcomes).doesNotContain("hung").isSubsetOf("200", "503", "refused");
    }

    private static String outcome(HttpClient client, HttpRequest request) {
        try {
            return Integer.toString(client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
        } catch (HttpTimeoutException hung) {
            return "hung";
        } catch (IOException refusedOrClosed) {
            return "refused";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Answer timed(java.util.function.Supplier<Answer> call) {
        Instant asked = Instant.now();
        Answer answer = call.get();
        assertThat(Duration.between(asked, Instant.now())).as("answered within the route's limit").isLessThan(ROUTE_LIMIT.plus(MARGIN));
        return answer;
    }
}
