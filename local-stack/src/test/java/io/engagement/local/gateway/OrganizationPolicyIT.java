package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Retention and redaction settings through the gateway's admin API, and what the services do with
 * them: the analytics service dates what it archives by the organization's retention, and keeps
 * the kinds of secret the organization opted out of redaction while redacting every other kind,
 * and everything for the other organizations.
 */
class OrganizationPolicyIT {

    /** A change travels the gateway's outbox, the organization topic and a cache of a few seconds. */
    static final Duration APPLIED = Duration.ofSeconds(60);

    private static RunningSuite suite;
    private static MongoClient mongo;

    private final RunningSuite.Organization org = RunningSuite.get().createOrganization("Policy " + UUID.randomUUID());
    private final PageAnalytics site = new PageAnalytics(RunningSuite.get(), org);

    @BeforeAll
    static void connect() {
        suite = RunningSuite.get();
        mongo = suite.mongo();
    }

    @Test
    void retentionDefaultsTo90And30And30DaysAndIsChangedWhole() {
        Answer defaults = suite.admin("GET", retention(org.id()), null);
        Answer changed = suite.admin("PUT", retention(org.id()), "{\"raw_event_days\": 7, \"replay_days\": 3, \"message_body_days\": 14}");

        assertThat(defaults.status()).isEqualTo(200);
        assertThat(defaults.json()).isEqualTo(Json.read("{\"raw_event_days\": 90, \"replay_days\": 30, \"message_body_days\": 30}"));
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(changed.json()).isEqualTo(Json.read("{\"raw_event_days\": 7, \"replay_days\": 3, \"message_body_days\": 14}"));
        assertThat(suite.admin("GET", retention(org.id()), null).json()).isEqualTo(changed.json());
    }

    @Test
    void badRetentionValuesAreA422AndAnUnknownOrganizationA404() {
        Answer bad = suite.admin("PUT", retention(org.id()), "{\"raw_event_days\": 0, \"replay_days\": \"soon\"}");
        Answer tooLong = suite.admin("PUT", retention(org.id()), "{\"raw_event_days\": 3651, \"replay_days\": 1, \"message_body_days\": 1}");
        Answer unknown = suite.admin("PUT", retention(999_999_999), "{\"raw_event_days\": 1, \"replay_days\": 1, \"message_body_days\": 1}");
        Answer unknownRead = suite.admin("GET", retention(999_999_999), null);

        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.locs()).containsExactly(List.of("body", "raw_event_days"), List.of("body", "replay_days"),
                List.of("body", "message_body_days"));
        assertThat(bad.json().at("/detail/0/type").asString()).isEqualTo("greater_than_equal");
        assertThat(bad.json().at("/detail/2/type").asString()).isEqualTo("missing");
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(tooLong.json().at("/detail/0/type").asString()).isEqualTo("less_than_equal");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.detail()).isEqualTo("Organization not found");
        assertThat(unknownRead.status()).isEqualTo(404);
        assertThat(suite.admin("GET", retention(org.id()), null).json().get("raw_event_days").asInt()).isEqualTo(90);
    }

    @Test
    void onlyNamedKindsOfRedactionMayBeOptedOut() {
        Answer defaults = suite.admin("GET", redaction(org.id()), null);
        Answer unknownName = suite.admin("PUT", redaction(org.id()), "{\"opt_out\": [\"password\", \"email\"]}");
        Answer unknownOrganization = suite.admin("PUT", redaction(999_999_999), "{\"opt_out\": []}");

        assertThat(defaults.json()).isEqualTo(Json.read("{\"opt_out\": []}"));
        assertThat(unknownName.status()).isEqualTo(422);
        assertThat(unknownName.locs()).containsExactly(List.of("body", "opt_out", 1));
        assertThat(unknownName.json().at("/detail/0/type").asString()).isEqualTo("literal_error");
        assertThat(unknownOrganization.status()).isEqualTo(404);
    }

    /**
     * The organization opts passwords out: its telemetry keeps them while tokens are still redacted;
     * another organization's passwords are redacted as before.
     */
    @Test
    void anOptedOutKindIsKeptWhileEveryOtherKindAndEveryOtherOrganizationIsStillRedacted() {
        Answer optedOut = suite.admin("PUT", redaction(org.id()), "{\"opt_out\": [\"password\", \"password\"]}");
        assertThat(optedOut.json()).isEqualTo(Json.read("{\"opt_out\": [\"password\"]}"));
        PageAnalytics other = new PageAnalytics(suite, suite.createOrganization("Redacted " + UUID.randomUUID()));

        // the very next event after the change is kept: ingest acts on the policy the request's token carries
        Document kept = archivedForm(site);
        Document redacted = archivedForm(other);

        assertThat(kept.getString("token")).isEqualTo("[REDACTED]");
        assertThat(kept.getString("note")).isEqualTo("card [REDACTED] on file");
        assertThat(redacted.getString("password")).isEqualTo("[REDACTED]");
        assertThat(redacted.getString("token")).isEqualTo("[REDACTED]");
    }

    /** A changed retention dates what is archived afterwards: replay chunks and raw events each by their own days. */
    @Test
    void theArchiveDatesNewDocumentsByTheOrganizationsRetention() {
        suite.admin("PUT", retention(org.id()), "{\"raw_event_days\": 2, \"replay_days\": 1, \"message_body_days\": 30}");
        AtomicReference<List<Document>> archived = new AtomicReference<>();

        await().atMost(APPLIED).pollInterval(Duration.ofSeconds(2)).untilAsserted(() -> {
            String session = "s-" + UUID.randomUUID();
            Instant sent = Instant.now();
            site.send(List.of(site.view(session, "/dated", sent), chunk(site, session, sent)));
            await().atMost(Duration.ofSeconds(30)).until(() -> archived(site, session).size() == 2);
            archived.set(archived(site, session));
            Document events = archived.get().stream().filter(document -> !document.getString("_id").endsWith(":replay")).findFirst().orElseThrow();
            Document replay = archived.get().stream().filter(document -> document.getString("_id").endsWith(":replay")).findFirst().orElseThrow();
            assertThat(events.getDate("expires_at").toInstant()).isBetween(sent.plus(Duration.ofDays(2)), sent.plus(Duration.ofDays(2)).plus(Duration.ofHours(1)));
            assertThat(replay.getDate("expires_at").toInstant()).isBetween(sent.plus(Duration.ofDays(1)), sent.plus(Duration.ofDays(1)).plus(Duration.ofHours(1)));
        });
    }

    private static Document archivedForm(PageAnalytics site) {
        String session = "s-" + UUID.randomUUID();
        site.send(List.of(chunk(site, session, Instant.now())));
        await().atMost(Duration.ofSeconds(30)).until(() -> !archived(site, session).isEmpty());
        Document data = archived(site, session).get(0).getList("events", Document.class).get(0).get("data", Document.class);
        return data.get("form", Document.class);
    }

    private static ObjectNode chunk(PageAnalytics site, String session, Instant at) {
        ObjectNode chunk = site.event("replay", session, "/form", at);
        chunk.putObject("data").put("sequence", 0).putObject("form")
                .put("password", "hunter2").put("token", "abc.def").put("note", "card 4111 1111 1111 1111 on file");
        return chunk;
    }

    private static List<Document> archived(PageAnalytics site, String session) {
        String month = "raw_events_" + DateTimeFormatter.ofPattern("yyyyMM").withZone(ZoneOffset.UTC).format(Instant.now());
        return mongo.getDatabase("engagement_analytics").getCollection(month)
                .find(Filters.and(Filters.eq("organization_id", site.org.id()), Filters.eq("session_id", session)))
                .into(new java.util.ArrayList<>());
    }

    private static String retention(long organizationId) {
        return "/admin/v1/organizations/" + organizationId + "/retention";
    }

    private static String redaction(long organizationId) {
        return "/admin/v1/organizations/" + organizationId + "/redaction";
    }
}
