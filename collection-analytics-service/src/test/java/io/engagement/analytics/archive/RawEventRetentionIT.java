package io.engagement.analytics.archive;

import io.engagement.testkit.FreshDatabase;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;

import java.time.Instant;
import java.util.Date;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Retention against the real database: expired documents go, and past months' partitions once nothing in them is left. */
class RawEventRetentionIT {

    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

    @RegisterExtension
    final FreshDatabase database = new FreshDatabase("retention");

    private ReactiveMongoTemplate mongo;

    @BeforeEach
    void connect() {
        mongo = database.template();
    }

    @Test
    void dropsPartitionsPastRetentionAndDeletesExpiredChunks() {
        insert("raw_events_202609", "old", Instant.parse("2026-10-01T00:00:00Z"));
        insert("raw_events_202610", "ends-within-retention", Instant.parse("2026-11-30T00:00:00Z"));
        insert("raw_events_202611", "expired", Instant.parse("2026-11-22T11:00:00Z"));
        insert("raw_events_202611", "live", Instant.parse("2026-12-22T00:00:00Z"));
        insert("pages", "not-a-partition", Instant.parse("2020-01-01T00:00:00Z"));

        new RawEventRetention(mongo).sweep(NOW).block();

        assertThat(mongo.getCollectionNames().collectList().block())
                .contains("raw_events_202610", "raw_events_202611", "pages")
                .doesNotContain("raw_events_202609");
        assertThat(ids("raw_events_202611")).containsExactly("live");
        assertThat(ids("raw_events_202610")).containsExactly("ends-within-retention");
        assertThat(ids("pages")).containsExactly("not-a-partition");
    }

    @Test
    void keepsAPastMonthWhileAnOrganizationsLongerRetentionKeepsADocumentOfIt() {
        insert("raw_events_202605", "kept-for-a-year", Instant.parse("2027-05-01T00:00:00Z"));
        insert("raw_events_202605", "expired", Instant.parse("2026-06-01T00:00:00Z"));

        new RawEventRetention(mongo).sweep(NOW).block();

        assertThat(ids("raw_events_202605")).containsExactly("kept-for-a-year");
    }

    @Test
    void recognisesOnlyMonthlyPartitionNames() {
        assertThat(RawEventRetention.monthOf("raw_events_202611")).hasValueSatisfying(month -> assertThat(month.getMonthValue()).isEqualTo(11));
        assertThat(RawEventRetention.monthOf("raw_events_2026")).isEmpty();
        assertThat(RawEventRetention.monthOf("raw_events_202613")).isEmpty();
        assertThat(RawEventRetention.monthOf("page_rollups")).isEmpty();
    }

    private void insert(String collection, String id, Instant expiresAt) {
        mongo.insert(new Document("_id", id).append("expires_at", Date.from(expiresAt)), collection).block();
    }

    private List<Object> ids(String collection) {
        return mongo.findAll(Document.class, collection).map(document -> document.get("_id")).collectList().block();
    }
}
