package io.engagement.local.fault;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Alerts;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Mail;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.Routes;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.engagement.local.support.PageAnalytics.at;
import static io.engagement.local.support.PageAnalytics.yesterday;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two replicas of each consuming service share the work, and one of them is killed outright
 * (SIGKILL: no commit, no flush, no leaving its consumer group) in the middle of it: the other takes
 * over its partitions, and nothing accepted is lost or counted twice (the killed analytics replica
 * is started again while the events still come). Runs in the fault JVM, whose
 * suite has two replicas of collection-analytics-service, messaging-service and alert-service.
 */
class ReplicaFaultIT {

    private static final Duration TAKEN_OVER = Duration.ofMinutes(2);
    /**
     * More than a replica's messages claimed at once, the most a kill can interrupt: a batch of six
     * (engagement.messaging.delivery.batch-size) on each of its delivery threads, three at most.
     */
    private static final int MAX_IN_FLIGHT = 20;

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void analyticsCountsStayExactWhenOneOfTwoReplicasIsKilledMidStream() {
        PageAnalytics site = new PageAnalytics(suite, suite.createOrganization("Replicas " + UUID.randomUUID()));
        LocalDate day = yesterday();
        List<List<ObjectNode>> batches = IntStream.range(0, 12).mapToObj(b -> IntStream.range(0, 250).mapToObj(j -> {
            int sequence = b * 250 + j;
            String session = "k" + (j % 25) + "-" + site.marker;
            Instant timestamp = at(day, "09:00").plusSeconds(sequence);
            ObjectNode event = j % 10 == 9 ? site.event("console_error", session, "/replicas", timestamp) : site.view(session, "/replicas", timestamp);
            return event.put("customer_id", "user-" + (j % 25));
        }).toList()).toList();

        List<Integer> statuses = new ArrayList<>();
        try {
            for (int b = 0; b < batches.size(); b++) {
                if (b == 4) {
                    suite.fleet.kill(ServiceFleet.ANALYTICS, 2);
                }
                if (b == 8) {
                    // back while events still come: its partitions move to it again mid-stream
                    suite.fleet.start(ServiceFleet.ANALYTICS, 2);
                    suite.fleet.awaitHealthy(TAKEN_OVER);
                }
                statuses.addAll(site.sendUntilAccepted(batches.get(b), TAKEN_OVER));
            }
        } finally {
            suite.fleet.start(ServiceFleet.ANALYTICS, 2);
        }
        assertThat(statuses).as("a refusal is a 503 or a lost connection, never another answer").isSubsetOf(202, 503, 0);

        // the pages are registered by whichever replica holds their partition once the group has settled
        site.awaitPages(TAKEN_OVER, "/replicas");
        String collection = site.createdId("{\"name\": \"Replicas\", \"url_patterns\": [\"/replicas\"]}");
        String range = "?start=" + day + "&end=" + day;
        Function<JsonNode, String> counts = summary -> summary.get("total_visits").asLong() + " visits, "
                + summary.get("error_count").asLong() + " errors, " + summary.get("unique_users").asLong() + " users";
        await().atMost(TAKEN_OVER).pollInterval(Duration.ofMillis(500)).untilAsserted(() ->
                assertThat(counts.apply(site.analytics(collection, range).get("summary"))).isEqualTo("2700 visits, 300 errors, 25 users"));
        suite.fleet.awaitHealthy(Duration.ofMinutes(2));
        PageAnalytics.holds(() -> assertThat(counts.apply(site.analytics(collection, range).get("summary"))).isEqualTo("2700 visits, 300 errors, 25 users"));
        // each session's counts, whichever replica counted them: every tenth event of a batch is an
        // error, which falls on five of the 25 sessions, 60 errors and 60 views each
        List<String> perSession = IntStream.range(0, 25).mapToObj(s -> s % 5 == 4 ? "60 views, 60 errors" : "120 views, 0 errors").toList();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(IntStream.range(0, 25)
                .mapToObj(s -> suite.get("/external/v1/sessions/k" + s + "-" + site.marker, "x-api-key", site.org.apiKey()).json())
                .map(session -> session.path("page_view_count").asLong() + " views, " + session.path("total_error_count").asLong() + " errors")
                .toList()).isEqualTo(perSession));
    }

    /**
     * Mail handed to the SMTP server cannot be taken back, and a replica killed between the server's
     * acceptance and its own record of it cannot know whether the mail went: such a message is marked
     * failed ("interrupted"), never sent a second time. So every accepted message ends sent exactly once
     * or, for at most the sends in flight at the kill, failed as interrupted; none is lost silently.
     */
    @Test
    void everyAcceptedEmailIsSentOnceWhenOneOfTwoMessagingReplicasIsKilledMidBatch() {
        Mail mail = new Mail(suite, suite.createOrganization("Replica mail " + UUID.randomUUID()));
        String batch = UUID.randomUUID().toString();
        String emails = String.join(",", Collections.nCopies(1000,
                "{\"to_email\": \"replicas-%s@example.com\", \"subject\": \"Batch %s\", \"text_content\": \"t\"}".formatted(batch, batch)));
        Answer accepted = suite.post(Routes.EMAIL_BULK, "{\"emails\": [" + emails + "]}",
                "X-Transactional-Key", mail.org().transactionalKey());
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        accepted.json().get("messages").forEach(message -> ids.add(message.get("message_id").asString()));

        await().atMost(Mail.DELIVERED).pollInterval(Duration.ofMillis(20)).until(() -> delivered(ids).size() >= 50);
        suite.fleet.kill(ServiceFleet.MESSAGING, 2);
        List<String> interrupted;
        try {
            // the messages not received are few and failed for good, or none are left; the killed replica's
            // SMTP connection resets, which the SMTP server's own thread reports as uncaught: that is the
            // fault under test, not a failure of the test
            await().dontCatchUncaughtExceptions().atMost(TAKEN_OVER).pollInterval(Duration.ofSeconds(1)).until(() -> {
                List<String> missing = ids.stream().filter(id -> !delivered(ids).containsKey(id)).toList();
                return missing.size() <= MAX_IN_FLIGHT && missing.stream().allMatch(id -> status(mail, id).equals("failed"));
            });
            interrupted = ids.stream().filter(id -> !delivered(ids).containsKey(id)).toList();
        } finally {
            suite.fleet.start(ServiceFleet.MESSAGING, 2);
        }

        assertThat(delivered(ids).values()).as("copies received per message").allMatch(count -> count == 1);
        assertThat(interrupted).as("messages failed because the kill interrupted their send")
                .allSatisfy(id -> assertThat(mail.status(id).get("last_error").asString()).startsWith("delivery was interrupted"));
        // a message the kill caught after the SMTP server took it but before its record said so was received, and is
        // failed as interrupted, not sent again: at most those in flight at the kill
        List<String> receivedButInterrupted = ids.stream().filter(id -> !interrupted.contains(id))
                .filter(id -> status(mail, id).equals("failed")).toList();
        assertThat(receivedButInterrupted).as("received messages failed because the kill interrupted their record").hasSizeLessThanOrEqualTo(MAX_IN_FLIGHT)
                .allSatisfy(id -> assertThat(mail.status(id).get("last_error").asString()).startsWith("delivery was interrupted"));
        assertThat(ids.stream().filter(id -> !interrupted.contains(id) && !receivedButInterrupted.contains(id)).filter(id -> ids.indexOf(id) % 20 == 0))
                .as("a sample of the received messages' status").allSatisfy(id -> assertThat(status(mail, id)).isEqualTo("sent"));
        suite.fleet.awaitHealthy(Duration.ofMinutes(2));
    }

    /** Each alert is raised once, though the replica detecting it is killed between its two halves of the window. */
    @Test
    void eachAlertIsRaisedOnceWhenOneOfTwoAlertReplicasIsKilledMidWindow() {
        // detection is keyed by organization: with several, both replicas have some to lose
        List<Alerts> orgs = IntStream.range(0, 4)
                .mapToObj(i -> new Alerts(suite, suite.createOrganization("Replica alerts " + i + " " + UUID.randomUUID()))).toList();
        Instant window = Alerts.hourStart(1);
        Map<Alerts, List<String>> rules = orgs.stream().collect(Collectors.toMap(Function.identity(), org -> List.of(
                org.rule(Alerts.countRule("high_error_frequency", 5)), org.rule(Alerts.countRule("high_error_frequency", 15)))));
        orgs.forEach(org -> org.events(errors(window, 0, 10)));
        orgs.forEach(org -> org.awaitAlert(rules.get(org).get(0)));

        suite.fleet.kill(ServiceFleet.ALERT, 2);
        try {
            orgs.forEach(org -> org.events(errors(window, 10, 10)));
            orgs.forEach(org -> await().atMost(TAKEN_OVER).until(() -> !org.alertsOf(rules.get(org).get(1)).isEmpty()));
        } finally {
            suite.fleet.start(ServiceFleet.ALERT, 2);
        }
        suite.fleet.awaitHealthy(Duration.ofMinutes(2));
        // a marker raised after the restart: whatever was to be raised twice would be by now
        orgs.forEach(org -> {
            String marker = org.rule(Alerts.countRule("high_error_frequency", 1));
            org.events(errors(window, 20, 1));
            org.awaitAlert(marker);
            assertThat(org.alertsOf(rules.get(org).get(0))).hasSize(1);
            assertThat(org.alertsOf(rules.get(org).get(1))).singleElement()
                    .satisfies(alert -> assertThat(alert.get("value").asDouble()).isGreaterThanOrEqualTo(15));
        });
    }

    private static List<String> errors(Instant window, int from, int count) {
        String session = "s-" + UUID.randomUUID();
        return IntStream.range(from, from + count).mapToObj(i -> Alerts.consoleError(session, window.plusSeconds(i))).toList();
    }

    private static String status(Mail mail, String id) {
        return mail.status(id).get("status").asString();
    }

    private Map<String, Long> delivered(List<String> ids) {
        Map<String, String> byHeader = ids.stream().collect(Collectors.toMap(id -> id + "@engagement", Function.identity()));
        return suite.smtp.received().stream()
                .filter(received -> byHeader.containsKey(received.messageId()))
                .collect(Collectors.groupingBy(received -> byHeader.get(received.messageId()), Collectors.counting()));
    }
}
