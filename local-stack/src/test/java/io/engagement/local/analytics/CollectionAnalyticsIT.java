package io.engagement.local.analytics;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.IntStream;

import static io.engagement.local.support.PageAnalytics.at;
import static io.engagement.local.support.PageAnalytics.point;
import static io.engagement.local.support.PageAnalytics.trend;
import static io.engagement.local.support.PageAnalytics.yesterday;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Collection analytics computed from telemetry sent through the gateway: exact counts and scores
 * for a scripted day, trend buckets of every interval, and counts that stay exact when batches are
 * sent again and when the analytics service restarts mid-stream. One fresh organization per test.
 */
class CollectionAnalyticsIT {

    /**
     * How long the whole pipeline may take to count what a test sent: the ten thousand views took 45 s
     * on two cores right after the fleet started, its JVMs limited to the quick compiler.
     */
    private static final Duration COUNTED = Duration.ofSeconds(120);
    /** The analytics service's Kafka Streams application id, which is its consumer group. */
    private static final String STREAMS_GROUP = "collection-analytics-activity";

    private final RunningSuite suite = RunningSuite.get();
    private final PageAnalytics site = new PageAnalytics(suite, suite.createOrganization("Analytics " + UUID.randomUUID()));

    /**
     * Five sessions over two member pages A and B, and a page outside the collection:
     * 9 views by 3 users (customer first, then anonymous, then session), 3 page leaves of 30, 90
     * and 60 s, 3 errors (a console error, API calls answered 503 and 0; 404 and 200 are not
     * errors), 2 rage clicks, and 5 sessions each ending on one view.
     */
    @Test
    void aScriptedDayIsCountedExactly() {
        LocalDate day = yesterday();
        String s1 = "s1-" + UUID.randomUUID();
        String s2 = "s2-" + UUID.randomUUID();
        String s3 = "s3-" + UUID.randomUUID();
        String s4 = "s4-" + UUID.randomUUID();
        String s5 = "s5-" + UUID.randomUUID();
        String s6 = "s6-" + UUID.randomUUID();
        List<ObjectNode> events = List.of(
                customer(site.view(s1, "/shop/a", at(day, "10:00")), "cust-1", "anon-1"),
                customer(site.event("click", s1, "/shop/a", at(day, "10:01")).put("selector", "#buy"), "cust-1", "anon-1"),
                site.leave(s1, "/shop/a", at(day, "10:02"), 30_000, 0.5),
                site.event("navigation", s1, "/shop/a", at(day, "10:02:30")).put("from_url", site.url("/shop/a")).put("to_url", site.url("/shop/b")),
                customer(site.view(s1, "/shop/b", at(day, "10:03")), "cust-1", "anon-1"),
                site.event("console_error", s1, "/shop/b", at(day, "10:04")).put("message", "TypeError: x is undefined"),
                site.event("rage_click", s1, "/shop/b", at(day, "10:05")).put("selector", "#pay").put("count", 4),
                site.leave(s1, "/shop/b", at(day, "10:06"), 90_000, 1.0),

                anonymous(site.view(s2, "/shop/a", at(day, "10:10")), "anon-2"),
                site.apiCall(s2, "/shop/a", at(day, "10:11"), 503),
                site.apiCall(s2, "/shop/a", at(day, "10:12"), 0),
                site.apiCall(s2, "/shop/a", at(day, "10:13"), 404),
                site.apiCall(s2, "/shop/a", at(day, "10:14"), 200),
                site.leave(s2, "/shop/a", at(day, "10:15"), 60_000, 0.2),

                site.view(s3, "/shop/a", at(day, "11:00")),
                site.view(s3, "/shop/b", at(day, "11:05")),
                site.view(s3, "/shop/a?ref=again#top", at(day, "11:06")),
                site.event("rage_click", s3, "/shop/a", at(day, "11:07")).put("count", 3),

                customer(site.view(s4, "/shop/b", at(day, "11:30")), "cust-1", "anon-4"),
                customer(site.view(s4, "/shop/a", at(day, "11:31")), "cust-1", "anon-4"),
                site.event("custom", s4, "/shop/a", at(day, "11:32")).put("name", "plan_selected"),

                anonymous(site.view(s5, "/shop/b", at(day, "11:40")), "anon-2"),

                customer(site.view(s6, "/elsewhere/shop", at(day, "11:50")), "cust-9", "anon-9"),
                site.event("console_error", s6, "/elsewhere/shop", at(day, "11:51")),
                site.event("rage_click", s6, "/elsewhere/shop", at(day, "11:52")),
                site.leave(s6, "/elsewhere/shop", at(day, "11:53"), 500_000, 0.0));
        site.send(events);
        Map<String, String> pages = site.awaitPages("/shop/a", "/shop/b", "/elsewhere/shop");
        String collection = site.createdId("{\"name\": \"Shop\", \"url_patterns\": [\"/shop\"]}");
        String range = "?start=" + day + "&end=" + day + "&interval=hourly";

        JsonNode expectedSummary = Json.read("""
                {"total_visits": 9, "unique_users": 3, "avg_time_seconds": 60.0, "engagement_score": 50.9, "friction_score": 77.8,
                 "error_count": 3, "rage_click_count": 2, "drop_off_rate": 0.5555555555555556, "member_pages": 2}""");
        await().atMost(COUNTED).untilAsserted(() ->
                assertThat(site.analytics(collection, range).get("summary")).isEqualTo(expectedSummary));
        PageAnalytics.holds(() -> assertThat(site.analytics(collection, range).get("summary")).isEqualTo(expectedSummary));
        JsonNode analytics = site.analytics(collection, range);

        assertThat(analytics.get("summary")).isEqualTo(expectedSummary);
        assertThat(analytics.get("start").asString()).isEqualTo(day.toString());
        assertThat(analytics.get("end").asString()).isEqualTo(day.toString());
        assertThat(analytics.get("warnings").size()).isZero();
        assertThat(analytics.get("members").valueStream().map(member -> member.get("display_url").asString() + " "
                + member.get("total_visits").asLong() + " " + member.get("unique_users").asLong() + " " + member.get("error_count").asLong()))
                .containsExactly("/shop/a 5 3 2", "/shop/b 4 3 1");
        assertThat(analytics.at("/members/0/page_id").asString()).isEqualTo(pages.get("/shop/a"));
        assertThat(analytics.at("/members/0/canonical_url").asString()).isEqualTo(site.url("/shop/a"));
        assertThat(analytics.at("/members/0/title").asString()).isEqualTo("Title of /shop/a");
        assertThat(analytics.at("/members/0/matched_by").toString()).isEqualTo("[\"pattern:/shop\"]");
        List<String> hours = new ArrayList<>();
        for (int hour = 0; hour < 24; hour++) {
            String bucket = day.atTime(hour, 0).toInstant(ZoneOffset.UTC).toString();
            hours.add(switch (hour) {
                case 10 -> point(bucket, 3, 2, 3, 1, 60.0);
                case 11 -> point(bucket, 6, 3, 0, 1, 0.0);
                default -> point(bucket, 0, 0, 0, 0, 0.0);
            });
        }
        assertThat(trend(analytics)).containsExactlyElementsOf(hours);
        assertThat(analytics.at("/trend/0/bucket").asString()).isEqualTo(day + "T00:00:00Z");

        JsonNode threeDays = site.analytics(collection, "?start=" + day.minusDays(2) + "&end=" + day.plusDays(1));
        assertThat(trend(threeDays)).containsExactly(
                point(day.minusDays(2) + "T00:00:00Z", 0, 0, 0, 0, 0.0),
                point(day.minusDays(1) + "T00:00:00Z", 0, 0, 0, 0, 0.0),
                point(day + "T00:00:00Z", 9, 3, 3, 2, 60.0),
                point(day.plusDays(1) + "T00:00:00Z", 0, 0, 0, 0, 0.0));
        assertThat(threeDays.get("summary")).isEqualTo(expectedSummary);

        JsonNode byDefault = site.analytics(collection, "");
        assertThat(byDefault.get("end").asString()).isEqualTo(PageAnalytics.today().toString());
        assertThat(byDefault.get("start").asString()).isEqualTo(PageAnalytics.today().minusDays(29).toString());
        assertThat(byDefault.get("trend").size()).isEqualTo(30);
        assertThat(byDefault.get("summary")).isEqualTo(expectedSummary);

        String outside = site.createdId("{\"name\": \"Elsewhere\", \"page_ids\": [\"" + pages.get("/elsewhere/shop") + "\"]}");
        assertThat(site.analytics(outside, range).get("summary")).isEqualTo(Json.read("""
                {"total_visits": 1, "unique_users": 1, "avg_time_seconds": 500.0, "engagement_score": 50.0, "friction_score": 100.0,
                 "error_count": 1, "rage_click_count": 1, "drop_off_rate": 1.0, "member_pages": 1}"""));
    }

    /**
     * Eight views from 2026-09-30 to 2026-11-01 by four users, with one error, one rage click and
     * page leaves of 45 and 15 s, bucketed by hour, day, week (from Monday) and month.
     */
    @Test
    void trendBucketsFollowTheInterval() {
        List<ObjectNode> events = List.of(
                user(site.view("t1", "/trend", Instant.parse("2026-09-30T23:30:00Z")), "u1"),
                user(site.view("t2", "/trend", Instant.parse("2026-10-01T00:15:00Z")), "u1"),
                site.leave("t2", "/trend", Instant.parse("2026-10-01T00:20:00Z"), 45_000, 1.0),
                user(site.view("t3", "/trend", Instant.parse("2026-10-01T00:45:00Z")), "u2"),
                user(site.view("t2", "/trend", Instant.parse("2026-10-01T08:00:00Z")), "u1"),
                user(site.view("t4", "/trend", Instant.parse("2026-10-04T12:00:00Z")), "u3"),
                site.event("console_error", "t4", "/trend", Instant.parse("2026-10-04T12:01:00Z")),
                user(site.view("t5", "/trend", Instant.parse("2026-10-05T00:00:00Z")), "u1"),
                site.leave("t5", "/trend", Instant.parse("2026-10-05T00:05:00Z"), 15_000, 1.0),
                user(site.view("t6", "/trend", Instant.parse("2026-10-31T23:59:00Z")), "u4"),
                site.event("rage_click", "t6", "/trend", Instant.parse("2026-10-31T23:59:30Z")),
                user(site.view("t6", "/trend", Instant.parse("2026-11-01T00:00:00Z")), "u4"));
        site.send(events);
        site.awaitPages("/trend");
        String collection = site.createdId("{\"name\": \"Trend\", \"url_patterns\": [\"/trend\"]}");
        String range = "?start=2026-09-29&end=2026-11-02";

        await().atMost(COUNTED).untilAsserted(() -> assertThat(site.analytics(collection, range + "&interval=monthly").get("trend"))
                .extracting(PageAnalytics::point)
                .containsExactly(
                        point("2026-09-01T00:00:00Z", 1, 1, 0, 0, 0.0),
                        point("2026-10-01T00:00:00Z", 6, 4, 1, 1, 30.0),
                        point("2026-11-01T00:00:00Z", 1, 1, 0, 0, 0.0)));
        PageAnalytics.holds(() -> assertThat(trend(site.analytics(collection, range + "&interval=monthly"))).containsExactly(
                point("2026-09-01T00:00:00Z", 1, 1, 0, 0, 0.0),
                point("2026-10-01T00:00:00Z", 6, 4, 1, 1, 30.0),
                point("2026-11-01T00:00:00Z", 1, 1, 0, 0, 0.0)));

        JsonNode monthly = site.analytics(collection, range + "&interval=monthly");
        assertThat(trend(monthly)).containsExactly(
                point("2026-09-01T00:00:00Z", 1, 1, 0, 0, 0.0),
                point("2026-10-01T00:00:00Z", 6, 4, 1, 1, 30.0),
                point("2026-11-01T00:00:00Z", 1, 1, 0, 0, 0.0));
        assertThat(monthly.at("/summary/total_visits").asLong()).isEqualTo(8);
        assertThat(monthly.at("/summary/unique_users").asLong()).isEqualTo(4);
        assertThat(monthly.at("/summary/avg_time_seconds").asDouble()).isEqualTo(30.0);

        assertThat(trend(site.analytics(collection, range + "&interval=weekly"))).containsExactly(
                point("2026-09-28T00:00:00Z", 5, 3, 1, 0, 45.0),
                point("2026-10-05T00:00:00Z", 1, 1, 0, 0, 15.0),
                point("2026-10-12T00:00:00Z", 0, 0, 0, 0, 0.0),
                point("2026-10-19T00:00:00Z", 0, 0, 0, 0, 0.0),
                point("2026-10-26T00:00:00Z", 2, 1, 0, 1, 0.0),
                point("2026-11-02T00:00:00Z", 0, 0, 0, 0, 0.0));

        Map<LocalDate, String> activeDays = Map.of(
                LocalDate.parse("2026-09-30"), "1 1 0 0 0.0",
                LocalDate.parse("2026-10-01"), "3 2 0 0 45.0",
                LocalDate.parse("2026-10-04"), "1 1 1 0 0.0",
                LocalDate.parse("2026-10-05"), "1 1 0 0 15.0",
                LocalDate.parse("2026-10-31"), "1 1 0 1 0.0",
                LocalDate.parse("2026-11-01"), "1 1 0 0 0.0");
        List<String> daily = LocalDate.parse("2026-09-29").datesUntil(LocalDate.parse("2026-11-03"))
                .map(day -> day + "T00:00:00Z " + activeDays.getOrDefault(day, "0 0 0 0 0.0")).toList();
        JsonNode byDay = site.analytics(collection, range + "&interval=daily");
        assertThat(trend(byDay)).hasSize(35).containsExactlyElementsOf(daily);
        assertThat(trend(site.analytics(collection, range))).as("daily by default").containsExactlyElementsOf(daily);

        Map<LocalDateTime, String> activeHours = Map.of(
                LocalDateTime.parse("2026-09-30T23:00"), "1 1 0 0 0.0",
                LocalDateTime.parse("2026-10-01T00:00"), "2 2 0 0 45.0",
                LocalDateTime.parse("2026-10-01T08:00"), "1 1 0 0 0.0");
        List<String> hourly = IntStream.range(0, 48)
                .mapToObj(hour -> LocalDateTime.parse("2026-09-30T00:00").plusHours(hour))
                .map(hour -> hour.toInstant(ZoneOffset.UTC) + " " + activeHours.getOrDefault(hour, "0 0 0 0 0.0")).toList();
        assertThat(trend(site.analytics(collection, "?start=2026-09-30&end=2026-10-01&interval=hourly")))
                .hasSize(48).containsExactlyElementsOf(hourly);
    }

    /**
     * One session on one page, sent twice with the same event ids: nothing counts twice, except the
     * one event sent without an id, which gets a new server id each time. A later error of the same
     * session and page is the marker that the repeat has been processed, in order, before it.
     */
    @Test
    void theSameBatchSentTwiceCountsOnce() {
        LocalDate day = yesterday();
        String session = "s-" + UUID.randomUUID();
        ObjectNode withoutId = site.event("rage_click", session, "/cart", at(day, "09:04"));
        withoutId.remove("event_id");
        List<ObjectNode> batch = List.of(
                site.view(session, "/cart", at(day, "09:00")),
                site.view(session, "/cart", at(day, "09:01")),
                site.event("console_error", session, "/cart", at(day, "09:02")),
                site.apiCall(session, "/cart", at(day, "09:02:30"), 502),
                site.leave(session, "/cart", at(day, "09:03"), 20_000, 0.5),
                site.view(session, "/cart", at(day, "09:03:30")),
                withoutId);
        site.send(batch);
        site.send(batch);
        site.send(List.of(site.event("console_error", session, "/cart", at(day, "09:05"))));
        site.awaitPages("/cart");
        String collection = site.createdId("{\"name\": \"Cart\", \"url_patterns\": [\"/cart\"]}");
        String range = "?start=" + day + "&end=" + day;

        // 3 views, 1 exit, 3 errors (2 sent twice, plus the marker), 2 rage clicks (one per send, no id)
        JsonNode expected = Json.read("""
                {"total_visits": 3, "unique_users": 1, "avg_time_seconds": 20.0, "engagement_score": 36.7, "friction_score": 100.0,
                 "error_count": 3, "rage_click_count": 2, "drop_off_rate": 0.3333333333333333, "member_pages": 1}""");
        await().atMost(COUNTED).untilAsserted(() -> assertThat(site.analytics(collection, range).get("summary")).isEqualTo(expected));
        PageAnalytics.holds(() -> assertThat(site.analytics(collection, range).get("summary")).isEqualTo(expected));
    }

    /**
     * 2,000 events (20 sessions, 1,600 views, 400 errors) are accepted, and the analytics service is
     * stopped at once, while they are being processed. Events posted while it is down are refused
     * with 503. After it is back, every earlier batch is sent again, the rest is sent, and each
     * session ends with one marker error: every count is exact, each session still has one exit, and
 * each session's summary counts each of its events once.
     */
    @Test
    void countsStayExactWhenTheAnalyticsServiceRestartsMidStream() {
        LocalDate day = yesterday();
        String run = UUID.randomUUID().toString();
        List<List<ObjectNode>> batches = IntStream.range(0, 5).mapToObj(b -> IntStream.range(0, 500).mapToObj(j -> {
            int sequence = b * 500 + j;
            String session = "r" + (j % 20) + "-" + run;
            Instant timestamp = at(day, "12:00").plusSeconds(sequence);
            ObjectNode event = (j / 20) % 5 == 4
                    ? site.event("console_error", session, "/restart", timestamp)
                    : site.view(session, "/restart", timestamp);
            return user(event, "user-" + (j % 20));
        }).toList()).toList();

        site.sendConcurrently(batches.subList(0, 4));
        suite.fleet.stop(ServiceFleet.ANALYTICS);
        try {
            forgetTheStoppedStreamsMember();
            Answer refused = site.post(batches.get(4));
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.detail()).isEqualTo("collection-analytics-service is unavailable, try again shortly");
        } finally {
            startAnalytics();
        }
        site.sendConcurrently(batches);
        site.send(IntStream.range(0, 20)
                .mapToObj(s -> user(site.event("console_error", "r" + s + "-" + run, "/restart", at(day, "13:00")), "user-" + s))
                .toList());
        site.awaitPages("/restart");
        String collection = site.createdId("{\"name\": \"Restart\", \"url_patterns\": [\"/restart\"]}");
        String range = "?start=" + day + "&end=" + day;

        Function<JsonNode, String> counts = summary -> summary.get("total_visits").asLong() + " visits, " + summary.get("error_count").asLong()
                + " errors, " + summary.get("unique_users").asLong() + " users, drop-off " + summary.get("drop_off_rate").asDouble();
        await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> assertThat(counts.apply(site.analytics(collection, range).get("summary")))
                .isEqualTo("2000 visits, 520 errors, 20 users, drop-off 0.01"));
        PageAnalytics.holds(() -> assertThat(counts.apply(site.analytics(collection, range).get("summary")))
                .isEqualTo("2000 visits, 520 errors, 20 users, drop-off 0.01"));
        JsonNode summary = site.analytics(collection, range).get("summary");
        assertThat(counts.apply(summary)).isEqualTo("2000 visits, 520 errors, 20 users, drop-off 0.01");
        assertThat(summary.get("friction_score").asDouble()).isEqualTo(26.0);
        // each session: 25 events in each of the 5 batches (20 views, 5 errors), and its marker error
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(IntStream.range(0, 20)
                .mapToObj(s -> suite.get("/external/v1/sessions/r" + s + "-" + run, "x-api-key", site.org.apiKey()).json())
                .map(session -> session.get("page_view_count").asLong() + " views, " + session.get("total_error_count").asLong() + " errors")
                .distinct()).containsExactly("100 views, 26 errors"));
    }

    /** 10,000 views by as many customers, posted as 20 batches of 500 at once. */
    @Test
    void tenThousandDistinctCustomersAreCountedWithinTwoPercent() {
        LocalDate day = yesterday();
        List<List<ObjectNode>> batches = IntStream.range(0, 20).mapToObj(b -> IntStream.range(0, 500).mapToObj(j -> {
            int visitor = b * 500 + j;
            return user(site.view("hll-" + b + "-" + site.marker, "/popular", at(day, "08:00").plusMillis(visitor * 250L)), "customer-" + visitor);
        }).toList()).toList();

        site.sendConcurrently(batches);
        site.awaitPages(COUNTED, "/popular");
        String collection = site.createdId("{\"name\": \"Popular\", \"url_patterns\": [\"/popular\"]}");
        String range = "?start=" + day + "&end=" + day;

        await().atMost(COUNTED).pollInterval(Duration.ofMillis(500)).untilAsserted(() ->
                assertThat(site.analytics(collection, range).at("/summary/total_visits").asLong()).isEqualTo(10_000));
        PageAnalytics.holds(() -> assertThat(site.analytics(collection, range).at("/summary/total_visits").asLong()).isEqualTo(10_000));
        JsonNode analytics = site.analytics(collection, range);
        assertThat(analytics.at("/summary/total_visits").asLong()).isEqualTo(10_000);
        assertThat(analytics.at("/summary/unique_users").asLong()).as("estimate of 10,000").isCloseTo(10_000, within(200L));
        assertThat(analytics.at("/summary/drop_off_rate").asDouble()).isEqualTo(0.002);
        assertThat(analytics.at("/members/0/unique_users").asLong()).isEqualTo(analytics.at("/summary/unique_users").asLong());
        assertThat(analytics.get("trend")).singleElement().satisfies(bucket -> {
            assertThat(bucket.get("total_visits").asLong()).isEqualTo(10_000);
            assertThat(bucket.get("unique_users").asLong()).isEqualTo(analytics.at("/summary/unique_users").asLong());
        });
    }

    /**
     * Kafka Streams does not leave its consumer group when it closes, so a restarted instance would
     * wait out the stopped member's session (45 s) before it gets its tasks back. The test removes
     * the stopped member, as an operator would, so that it need not wait.
     */
    private void forgetTheStoppedStreamsMember() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, suite.infrastructure.kafkaBootstrapServers()))) {
            admin.removeMembersFromConsumerGroup(STREAMS_GROUP, new RemoveMembersFromConsumerGroupOptions()).all().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException noMember) {
            // nothing to remove: the restart only takes longer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void startAnalytics() {
        suite.fleet.start(ServiceFleet.ANALYTICS);
        suite.fleet.awaitHealthy(Duration.ofMinutes(2));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(site.list().status()).isEqualTo(200));
    }

    private static ObjectNode customer(ObjectNode event, String customerId, String anonymousId) {
        return event.put("customer_id", customerId).put("anonymous_id", anonymousId);
    }

    private static ObjectNode anonymous(ObjectNode event, String anonymousId) {
        return event.put("anonymous_id", anonymousId);
    }

    private static ObjectNode user(ObjectNode event, String customerId) {
        return event.put("customer_id", customerId);
    }
}
