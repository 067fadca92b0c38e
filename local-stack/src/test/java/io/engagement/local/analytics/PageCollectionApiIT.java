package io.engagement.local.analytics;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;

import static io.engagement.local.support.PageAnalytics.at;
import static io.engagement.local.support.PageAnalytics.today;
import static io.engagement.local.support.PageAnalytics.yesterday;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The page-collection operations through the gateway, over six registry pages of one organization
 * seeded once for the class: create, list, read, update, map, unmap, delete, and their errors.
 */
class PageCollectionApiIT {

    private static final String NOT_FOUND = "Page collection not found";

    private static RunningSuite suite;
    private static PageAnalytics site;
    /** display URL → page id */
    private static Map<String, String> pages;

    @BeforeAll
    static void seedTheRegistry() {
        suite = RunningSuite.get();
        site = new PageAnalytics(suite, suite.createOrganization("Collections " + UUID.randomUUID()));
        LocalDate day = yesterday();
        String session = "s-" + UUID.randomUUID();
        String other = "s-" + UUID.randomUUID();
        site.send(List.of(
                site.view(session, "/ticketing", at(day, "09:00")),
                site.view(session, "/ticketing/create", at(day, "09:01")),
                site.view(session, "/ticketing/list", at(day, "09:02")),
                site.view(session, "/settings", at(day, "09:03")),
                site.view(session, "/reports/q1/summary", at(day, "09:04")),
                site.view(session, "/billing/invoices", at(day, "09:05")).put("customer_id", "cust-1"),
                site.event("console_error", session, "/billing/invoices", at(day, "09:06")),
                site.view(other, "/billing/invoices", at(day, "09:10")).put("customer_id", "cust-2")));
        pages = site.awaitPages("/ticketing", "/ticketing/create", "/ticketing/list", "/settings", "/reports/q1/summary", "/billing/invoices");
        // every view and the error counted before any test looks, so that no test sees a no_data warning
        String everything = site.createdId("{\"name\": \"Everything\", \"url_patterns\": [\"/\"]}");
        await().atMost(Duration.ofSeconds(45)).untilAsserted(() -> {
            JsonNode summary = site.analytics(everything, "").get("summary");
            assertThat(summary.get("total_visits").asLong() + " visits, " + summary.get("error_count").asLong() + " error")
                    .isEqualTo("7 visits, 1 error");
        });
        assertThat(site.delete(everything).status()).isEqualTo(200);
    }

    // ---- create, read, list, update ----

    @Test
    void aCollectionIsCreatedFromPageIdsAndPatternsAndAnswersItsAnalytics() {
        String unknown = UUID.randomUUID().toString();
        Answer created = site.create(Json.write(Map.of("name", "  Support  ", "description", "Everything about tickets",
                "page_ids", List.of(page("/settings"), page("/settings"), unknown),
                "url_patterns", List.of("/ticketing", "reports/q1", "/nowhere"))));

        assertThat(created.status()).isEqualTo(200);
        JsonNode analytics = created.json();
        assertThat(analytics.get("collection_id").asString()).isNotBlank();
        assertThat(analytics.get("name").asString()).isEqualTo("Support");
        assertThat(analytics.get("description").asString()).isEqualTo("Everything about tickets");
        assertThat(analytics.get("start").asString()).isEqualTo(today().minusDays(29).toString());
        assertThat(analytics.get("end").asString()).isEqualTo(today().toString());
        assertThat(analytics.at("/summary/member_pages").asInt()).isEqualTo(5);
        assertThat(analytics.get("members").valueStream().map(member -> member.get("display_url").asString() + " " + member.get("matched_by")))
                .containsExactly(
                        "/settings [\"page_id\"]",
                        "/ticketing [\"pattern:/ticketing\"]",
                        "/ticketing/create [\"pattern:/ticketing\"]",
                        "/ticketing/list [\"pattern:/ticketing\"]",
                        "/reports/q1/summary [\"pattern:/reports/q1\"]");
        JsonNode settings = analytics.at("/members/0");
        assertThat(settings.get("page_id").asString()).isEqualTo(page("/settings"));
        assertThat(settings.get("title").asString()).isEqualTo("Title of /settings");
        assertThat(settings.get("canonical_url").asString()).isEqualTo(site.url("/settings"));
        assertThat(analytics.get("warnings").valueStream().map(warning -> warning.get("code").asString()))
                .containsExactly("page_not_found", "pattern_matches_nothing");
        assertThat(analytics.at("/warnings/0/message").asString()).contains(unknown);
        assertThat(analytics.at("/warnings/1/message").asString()).contains("/nowhere");
        assertThat(analytics.get("trend").size()).isEqualTo(30);
        assertThat(analytics.at("/trend/0/bucket").asString()).isEqualTo(today().minusDays(29) + "T00:00:00Z");
        assertThat(analytics.at("/trend/29/bucket").asString()).isEqualTo(today() + "T00:00:00Z");
        assertThat(analytics.get("summary").has("warnings")).isFalse();

        JsonNode read = site.analytics(analytics.get("collection_id").asString(), "");
        assertThat(read.get("name").asString()).isEqualTo("Support");
        assertThat(read.get("members")).isEqualTo(analytics.get("members"));
        assertThat(read.get("warnings")).isEqualTo(analytics.get("warnings"));
    }

    @Test
    void theListShowsEveryCollectionWithItsMemberPageCount() {
        String tickets = site.createdId(Json.write(Map.of("name", "Tickets", "url_patterns", List.of("/ticketing"))));
        String billing = site.createdId(Json.write(Map.of("name", "Billing", "description", "Money", "page_ids", List.of(page("/billing/invoices")))));
        String empty = site.createdId(Json.write(Map.of("name", "Empty")));

        Answer listed = site.list();

        assertThat(listed.status()).isEqualTo(200);
        List<JsonNode> ours = listed.json().get("collections").valueStream()
                .filter(collection -> List.of(tickets, billing, empty).contains(collection.get("collection_id").asString())).toList();
        assertThat(ours).extracting(collection -> collection.get("name").asString() + "|" + collection.get("description").asString() + "|"
                + collection.get("member_pages_count").asInt())
                .containsExactly("Tickets||3", "Billing|Money|1", "Empty||0");
        assertThat(ours).allSatisfy(collection -> {
            Instant created = Instant.parse(collection.get("created_at").asString());
            assertThat(created).isBetween(Instant.now().minusSeconds(120), Instant.now().plusSeconds(5));
            assertThat(collection.get("updated_at").asString()).isEqualTo(collection.get("created_at").asString());
        });
        RunningSuite.Organization other = suite.createOrganization("Other " + UUID.randomUUID());
        assertThat(suite.get(PageAnalytics.COLLECTIONS, "x-api-key", other.apiKey()).json().get("collections").size()).isZero();
    }

    @Test
    void anUpdateChangesOnlyTheFieldsItNames() {
        String id = site.createdId(Json.write(Map.of("name", "Before", "description", "Kept", "url_patterns", List.of("/settings"))));

        Answer renamed = site.update(id, "{\"name\": \"  After  \"}");
        Answer described = site.update(id, "{\"description\": \"Changed\"}");
        Answer nothing = site.update(id, "{}");

        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.json().get("name").asString()).isEqualTo("After");
        assertThat(renamed.json().get("description").asString()).isEqualTo("Kept");
        assertThat(renamed.json().at("/summary/member_pages").asInt()).isEqualTo(1);
        assertThat(described.json().get("name").asString()).isEqualTo("After");
        assertThat(described.json().get("description").asString()).isEqualTo("Changed");
        assertThat(nothing.status()).isEqualTo(200);
        JsonNode read = site.analytics(id, "");
        assertThat(read.get("name").asString()).isEqualTo("After");
        assertThat(read.get("description").asString()).isEqualTo("Changed");
        assertThat(read.get("members").valueStream().map(member -> member.get("display_url").asString())).containsExactly("/settings");
        JsonNode listed = site.list().json().get("collections").valueStream()
                .filter(collection -> collection.get("collection_id").asString().equals(id)).findFirst().orElseThrow();
        assertThat(listed.get("name").asString()).isEqualTo("After");
        assertThat(Instant.parse(listed.get("updated_at").asString())).isAfterOrEqualTo(Instant.parse(listed.get("created_at").asString()));
    }

    // ---- mappings ----

    @Test
    void everyChangeOfAMembershipIsPublishedOnTheCollectionTopicKeyedByTheCollection() {
        try (TopicReader topic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.COLLECTION)) {
            String id = site.createdId(Json.write(Map.of("name", "Published", "url_patterns", List.of("ticketing"))));
            assertThat(site.map(id, Json.write(Map.of("page_ids", List.of(page("/billing/invoices"))))).status()).isEqualTo(200);
            assertThat(site.unmapPattern(id, "ticketing").status()).isEqualTo(200);
            assertThat(site.delete(id).status()).isEqualTo(200);

            List<JsonNode> events = topic.awaitMatching(record -> record.key().equals(site.org.id() + ":" + id), 4).stream()
                    .map(TopicReader::json).toList();

            assertThat(events).extracting(event -> event.get("type").asString())
                    .containsExactly("collection.changed", "collection.changed", "collection.changed", "collection.deleted");
            assertThat(events).allSatisfy(event -> {
                assertThat(event.get("org_id").asLong()).isEqualTo(site.org.id());
                assertThat(event.at("/data/collection_id").asString()).isEqualTo(id);
                assertThat(event.at("/data/name").asString()).isEqualTo("Published");
            });
            assertThat(events.get(0).at("/data/url_patterns").toString()).isEqualTo("[\"/ticketing\"]");
            assertThat(events.get(0).at("/data/page_ids").size()).isZero();
            assertThat(events.get(1).at("/data/page_ids").toString()).isEqualTo("[\"" + page("/billing/invoices") + "\"]");
            assertThat(events.get(2).at("/data/url_patterns").size()).isZero();
            assertThat(site.read(id, "").status()).isEqualTo(404);
        }
    }

    @Test
    void pageIdsAndPatternsAreMappedTogetherAndOnce() {
        Answer created = site.create("{\"name\": \"Mapped later\"}");
        String id = created.json().get("collection_id").asString();
        assertThat(created.json().at("/summary/member_pages").asInt()).isZero();
        assertThat(created.json().get("members").size()).isZero();
        assertThat(codes(created.json())).containsExactly("no_member_pages");

        Answer mapped = site.map(id, Json.write(Map.of("page_ids", List.of(page("/billing/invoices")), "url_patterns", List.of("settings"))));
        Answer again = site.map(id, Json.write(Map.of("page_ids", List.of(page("/billing/invoices")), "url_patterns", List.of("/settings", "/billing"))));
        Answer none = site.map(id, "{}");

        assertThat(mapped.status()).isEqualTo(200);
        assertThat(membersOf(mapped.json())).containsExactly("/billing/invoices [\"page_id\"]", "/settings [\"pattern:/settings\"]");
        assertThat(codes(mapped.json())).isEmpty();
        assertThat(membersOf(again.json())).containsExactly("/billing/invoices [\"page_id\",\"pattern:/billing\"]", "/settings [\"pattern:/settings\"]");
        assertThat(again.json().at("/summary/member_pages").asInt()).isEqualTo(2);
        assertThat(none.status()).isEqualTo(200);
        assertThat(membersOf(none.json())).isEqualTo(membersOf(again.json()));
        assertThat(membersOf(site.analytics(id, ""))).isEqualTo(membersOf(again.json()));
    }

    @Test
    void unmappingAPageKeepsItWhileAPatternStillMatchesIt() {
        String id = site.createdId(Json.write(Map.of("name", "Tickets and invoices",
                "page_ids", List.of(page("/ticketing/create"), page("/billing/invoices")), "url_patterns", List.of("/ticketing"))));

        Answer keptByPattern = site.unmapPage(id, page("/ticketing/create"));
        Answer removed = site.unmapPage(id, page("/billing/invoices"));
        Answer again = site.unmapPage(id, page("/billing/invoices"));
        Answer neverExplicit = site.unmapPage(id, page("/ticketing/list"));

        assertThat(keptByPattern.status()).isEqualTo(200);
        assertThat(membersOf(keptByPattern.json())).containsExactly(
                "/billing/invoices [\"page_id\"]",
                "/ticketing [\"pattern:/ticketing\"]",
                "/ticketing/create [\"pattern:/ticketing\"]",
                "/ticketing/list [\"pattern:/ticketing\"]");
        assertThat(keptByPattern.json().at("/summary/member_pages").asInt()).isEqualTo(4);
        assertThat(removed.status()).isEqualTo(200);
        assertThat(membersOf(removed.json())).containsExactly(
                "/ticketing [\"pattern:/ticketing\"]",
                "/ticketing/create [\"pattern:/ticketing\"]",
                "/ticketing/list [\"pattern:/ticketing\"]");
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.detail()).isEqualTo("Page mapping not found");
        assertThat(neverExplicit.status()).isEqualTo(404);
        assertThat(neverExplicit.detail()).isEqualTo("Page mapping not found");
        assertThat(membersOf(site.analytics(id, ""))).isEqualTo(membersOf(removed.json()));
    }

    @Test
    void unmappingAPatternRemovesThePagesOnlyItMatched() {
        String unknown = UUID.randomUUID().toString();
        String id = site.createdId(Json.write(Map.of("name", "Patterns",
                "page_ids", List.of(page("/reports/q1/summary"), unknown),
                "url_patterns", List.of("/reports/q1", "/ticketing/create", "/billing", "/settings"))));

        Answer nested = site.unmapPattern(id, "ticketing/create");
        Answer encoded = site.unmapPattern(id, "%2Fbilling");
        Answer encodedNested = site.unmapPattern(id, "reports%2Fq1");
        Answer leadingSlash = site.unmapPattern(id, "/settings");
        Answer gone = site.unmapPattern(id, "settings");

        assertThat(nested.status()).isEqualTo(200);
        assertThat(membersOf(nested.json())).containsExactly(
                "/reports/q1/summary [\"page_id\",\"pattern:/reports/q1\"]",
                "/billing/invoices [\"pattern:/billing\"]",
                "/settings [\"pattern:/settings\"]");
        assertThat(codes(nested.json())).containsExactly("page_not_found");
        assertThat(nested.json().at("/summary/warnings")).isEqualTo(nested.json().get("warnings"));
        assertThat(nested.json().at("/summary/member_pages").asInt()).isEqualTo(3);
        assertThat(encoded.status()).isEqualTo(200);
        assertThat(membersOf(encoded.json())).containsExactly(
                "/reports/q1/summary [\"page_id\",\"pattern:/reports/q1\"]",
                "/settings [\"pattern:/settings\"]");
        assertThat(encodedNested.status()).isEqualTo(200);
        assertThat(membersOf(encodedNested.json())).containsExactly("/reports/q1/summary [\"page_id\"]", "/settings [\"pattern:/settings\"]");
        assertThat(leadingSlash.status()).isEqualTo(200);
        assertThat(membersOf(leadingSlash.json())).containsExactly("/reports/q1/summary [\"page_id\"]");
        assertThat(leadingSlash.json().at("/summary/warnings/0/code").asString()).isEqualTo("page_not_found");
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.detail()).isEqualTo("URL pattern not found");
        JsonNode read = site.analytics(id, "");
        assertThat(membersOf(read)).containsExactly("/reports/q1/summary [\"page_id\"]");
        assertThat(read.get("summary").has("warnings")).as("only unmap-pattern repeats the warnings in the summary").isFalse();
    }

    // ---- delete ----

    @Test
    void deletingACollectionKeepsItsPagesAndTheirAnalytics() {
        String id = site.createdId(Json.write(Map.of("name", "Billing", "url_patterns", List.of("/billing"))));
        String range = "?start=" + yesterday() + "&end=" + yesterday();
        JsonNode counted = Json.read("""
                {"total_visits": 2, "unique_users": 2, "avg_time_seconds": 0.0, "engagement_score": 0.0, "friction_score": 50.0,
                 "error_count": 1, "rage_click_count": 0, "drop_off_rate": 1.0, "member_pages": 1}""");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(site.analytics(id, range).get("summary")).isEqualTo(counted));

        Answer deleted = site.delete(id);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.body()).isEqualTo("\"Page collection deleted\"");
        Answer read = site.read(id, "");
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.body()).isEqualTo("{\"detail\":\"" + NOT_FOUND + "\"}");
        assertThat(site.delete(id).status()).isEqualTo(404);
        assertThat(site.list().json().get("collections").valueStream().map(collection -> collection.get("collection_id").asString()))
                .doesNotContain(id);
        assertThat(site.awaitPages("/billing/invoices")).containsEntry("/billing/invoices", page("/billing/invoices"));
        String again = site.createdId(Json.write(Map.of("name", "Billing again", "page_ids", List.of(page("/billing/invoices")))));
        JsonNode recreated = site.analytics(again, range);
        assertThat(recreated.get("summary")).isEqualTo(counted);
        assertThat(recreated.at("/members/0/total_visits").asLong()).isEqualTo(2);
    }

    // ---- errors ----

    @Test
    void unknownCollectionsAre404() {
        String unknown = UUID.randomUUID().toString();

        List<Answer> answers = List.of(
                site.read(unknown, ""),
                site.update(unknown, "{\"name\": \"x\"}"),
                site.delete(unknown),
                site.map(unknown, "{\"url_patterns\": [\"/x\"]}"),
                site.unmapPage(unknown, page("/settings")),
                site.unmapPattern(unknown, "settings"));

        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(404);
            assertThat(answer.detail()).isEqualTo(NOT_FOUND);
        });
    }

    @Test
    void anotherOrganizationCanNeitherSeeNorChangeACollection() {
        String id = site.createdId(Json.write(Map.of("name", "Private", "page_ids", List.of(page("/settings")), "url_patterns", List.of("/billing"))));
        PageAnalytics intruder = new PageAnalytics(suite, suite.globex);

        List<Answer> answers = List.of(
                intruder.read(id, ""),
                intruder.update(id, "{\"name\": \"Taken\"}"),
                intruder.map(id, "{\"url_patterns\": [\"/ticketing\"]}"),
                intruder.unmapPage(id, page("/settings")),
                intruder.unmapPattern(id, "billing"),
                intruder.delete(id));

        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(404);
            assertThat(answer.detail()).isEqualTo(NOT_FOUND);
        });
        JsonNode unchanged = site.analytics(id, "");
        assertThat(unchanged.get("name").asString()).isEqualTo("Private");
        assertThat(membersOf(unchanged)).containsExactly("/settings [\"page_id\"]", "/billing/invoices [\"pattern:/billing\"]");
        assertThat(intruder.list().json().get("collections").valueStream().map(collection -> collection.get("collection_id").asString()))
                .doesNotContain(id);
    }

    @Test
    void onlyADataKeyMayUseCollections() {
        String id = site.createdId("{\"name\": \"Keys\"}");

        assertThat(suite.get(PageAnalytics.COLLECTIONS + "/" + id).status()).isEqualTo(401);
        assertThat(suite.get(PageAnalytics.COLLECTIONS + "/" + id, "X-Public-Key", site.org.publicKey()).status()).isEqualTo(403);
        assertThat(suite.get(PageAnalytics.COLLECTIONS + "/" + id, "X-API-Key", site.org.apiKey()).status()).isEqualTo(200);
    }

    @Test
    void invalidBodiesAre422WithTheInput() {
        int before = site.list().json().get("collections").size();
        String longName = "n".repeat(201);

        assertFault(site.create("{}"), "missing", List.of("body", "name"), "{}");
        assertFault(site.create("{\"name\": \"   \"}"), "string_too_short", List.of("body", "name"), "\"   \"");
        assertFault(site.create("{\"name\": \"" + longName + "\"}"), "string_too_long", List.of("body", "name"), "\"" + longName + "\"");
        assertFault(site.create("{\"name\": 5}"), "string_type", List.of("body", "name"), "5");
        assertFault(site.create("{\"name\": \"ok\", \"page_ids\": \"abc\"}"), "list_type", List.of("body", "page_ids"), "\"abc\"");
        assertFault(site.create("{\"name\": \"ok\", \"page_ids\": [\"a\", 1]}"), "string_type", List.of("body", "page_ids", 1), "1");
        assertFault(site.create("{\"name\": \"ok\", \"url_patterns\": [null]}"), "string_type", List.of("body", "url_patterns", 0), "null");
        assertFault(site.create(Json.write(Map.of("name", "ok", "page_ids", ids(1001)))), "too_long", List.of("body", "page_ids"), null);
        assertFault(site.create(Json.write(Map.of("name", "ok", "url_patterns", ids(101)))), "too_long", List.of("body", "url_patterns"), null);
        assertFault(site.create("name=ok"), "json_invalid", List.of("body"), null);
        assertFault(site.update(site.createdId("{\"name\": \"Valid\"}"), "{\"name\": \"\"}"), "string_too_short", List.of("body", "name"), "\"\"");
        assertFault(site.map(site.createdId("{\"name\": \"Valid too\"}"), "{\"url_patterns\": \"/x\"}"), "list_type",
                List.of("body", "url_patterns"), "\"/x\"");
        assertThat(site.list().json().get("collections").size()).as("nothing created by a refused request").isEqualTo(before + 2);

        Answer mostAllowed = site.create(Json.write(Map.of("name", "x".repeat(200), "page_ids", ids(1000), "url_patterns", ids(100))));
        assertThat(mostAllowed.status()).isEqualTo(200);
        assertThat(codes(mostAllowed.json())).hasSize(1101).containsOnly("page_not_found", "pattern_matches_nothing", "no_member_pages")
                .endsWith("no_member_pages");
        Answer tooMany = site.create(Json.write(Map.of("name", "ok", "page_ids", ids(1001))));
        assertThat(tooMany.json().at("/detail/0/input").size()).isEqualTo(1001);
    }

    @Test
    void badQueryParametersAre422WithTheInput() {
        String id = site.createdId(Json.write(Map.of("name", "Ranges", "url_patterns", List.of("/ticketing"))));

        assertFault(site.read(id, "?start=2026-13-01"), "date_from_datetime_parsing", List.of("query", "start"), "\"2026-13-01\"");
        assertFault(site.read(id, "?end=yesterday"), "date_from_datetime_parsing", List.of("query", "end"), "\"yesterday\"");
        assertFault(site.read(id, "?interval=yearly"), "literal_error", List.of("query", "interval"), "\"yearly\"");
        assertFault(site.read(id, "?start=2025-01-01&end=2026-01-02"), "value_error", List.of("query", "end"), "\"2026-01-02\"");
        assertFault(site.create("{\"name\": \"x\"}", "?interval=HOURLY"), "literal_error", List.of("query", "interval"), "\"HOURLY\"");
        Answer two = site.read(id, "?start=01-01-2026&interval=minutely");
        assertThat(two.locs()).containsExactlyInAnyOrder(List.of("query", "start"), List.of("query", "interval"));

        JsonNode longest = site.analytics(id, "?start=2025-01-01&end=2026-01-01");
        assertThat(longest.get("trend").size()).isEqualTo(366);
        assertThat(site.analytics(id, "?start=2026-02-01&end=2026-02-28&interval=weekly").at("/trend/0/bucket").asString())
                .isEqualTo("2026-01-26T00:00:00Z");
    }

    @Test
    void anEndBeforeTheStartAnswersAnEmptyRangeWithAWarning() {
        String id = site.createdId(Json.write(Map.of("name", "Backwards", "url_patterns", List.of("/billing"))));
        String day = yesterday().toString();

        Answer answer = site.read(id, "?start=" + day + "&end=" + yesterday().minusDays(1) + "&interval=hourly");

        assertThat(answer.status()).isEqualTo(200);
        JsonNode analytics = answer.json();
        assertThat(analytics.get("start").asString()).isEqualTo(day);
        assertThat(analytics.get("end").asString()).isEqualTo(yesterday().minusDays(1).toString());
        assertThat(analytics.get("trend").size()).isZero();
        assertThat(analytics.get("summary")).isEqualTo(Json.read("""
                {"total_visits": 0, "unique_users": 0, "avg_time_seconds": 0.0, "engagement_score": 0.0, "friction_score": 0.0,
                 "error_count": 0, "rage_click_count": 0, "drop_off_rate": 0.0, "member_pages": 1}"""));
        assertThat(codes(analytics)).containsExactly("end_before_start");
        assertThat(analytics.get("members").size()).isEqualTo(1);
        assertThat(analytics.at("/members/0/total_visits").asLong()).isZero();
    }

    @Test
    void aRangeWithoutActivityWarnsThatThereIsNoData() {
        String id = site.createdId(Json.write(Map.of("name", "Quiet", "url_patterns", List.of("/ticketing"))));

        JsonNode analytics = site.analytics(id, "?start=2020-01-01&end=2020-01-01");

        assertThat(codes(analytics)).containsExactly("no_data");
        assertThat(analytics.at("/warnings/0/message").asString()).contains("2020-01-01");
        assertThat(analytics.at("/summary/total_visits").asLong()).isZero();
        assertThat(analytics.at("/summary/member_pages").asInt()).isEqualTo(3);
        assertThat(PageAnalytics.trend(analytics)).containsExactly("2020-01-01T00:00:00Z 0 0 0 0 0.0");
    }

    // ---- helpers ----

    private static String page(String path) {
        return pages.get(path);
    }

    private static List<String> ids(int count) {
        return IntStream.range(0, count).mapToObj(i -> "id-" + i).toList();
    }

    private static List<String> codes(JsonNode analytics) {
        return analytics.get("warnings").valueStream().map(warning -> warning.get("code").asString()).toList();
    }

    private static List<String> membersOf(JsonNode analytics) {
        return analytics.get("members").valueStream()
                .map(member -> member.get("display_url").asString() + " " + member.get("matched_by")).toList();
    }

    /** One fault of the given type at {@code loc}, with the supplied value as its input ({@code null}: not checked). */
    private static void assertFault(Answer answer, String type, List<Object> loc, String input) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).as(answer.body()).containsExactly(loc);
        JsonNode fault = answer.json().at("/detail/0");
        assertThat(fault.get("type").asString()).as(answer.body()).isEqualTo(type);
        assertThat(fault.has("input")).as(answer.body()).isTrue();
        if (input != null) {
            assertThat(fault.get("input")).as(answer.body()).isEqualTo(Json.read(input));
        }
    }
}
