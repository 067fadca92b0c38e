package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import io.engagement.testkit.FreshDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Query;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The rollup writer's reads through the real database: its own last write's sketches, or the stored ones. */
class WrittenSketchesIT {

    private static final AnalyticsCaches SMALL_CACHES = new AnalyticsCaches(null, Duration.ofMinutes(1), 1L << 20, 1_000, 1L << 20);

    private static final String MONTH = "7:page:2026-11";

    @RegisterExtension
    final FreshDatabase database = new FreshDatabase("written-sketches");

    private ReactiveMongoTemplate mongo;
    private RollupStore store;
    private long offset;

    @BeforeEach
    void connect() {
        mongo = database.template();
        store = new RollupStore(mongo);
    }

    @Test
    void aPollAfterThisInstancesWriteReadsOnlyTheCounters() {
        WrittenSketches instance = new WrittenSketches(store, SMALL_CACHES);
        poll(instance, "c:a");
        // were the sketches read from the database now, they would be gone
        mongo.remove(new Query(), RollupStore.USERS).block();

        poll(instance, "c:b");

        assertThat(usersOnThe21st(instance)).isEqualTo(2);
    }

    @Test
    void aRollupAnotherInstanceWroteSinceIsReadWhole() {
        WrittenSketches first = new WrittenSketches(store, SMALL_CACHES);
        WrittenSketches second = new WrittenSketches(store, SMALL_CACHES);
        poll(first, "c:a");
        poll(second, "c:b");

        poll(first, "c:c");

        assertThat(usersOnThe21st(new WrittenSketches(store, SMALL_CACHES))).isEqualTo(3);
    }

    @Test
    void aFailedPollLeavesNothingAheadOfWhatWasStored() {
        WrittenSketches instance = new WrittenSketches(store, SMALL_CACHES);
        poll(instance, "c:a");
        Rollup failing = instance.findWhole(List.of(MONTH)).block().get(MONTH);
        failing.apply(0, offset++, view("c:never-stored"));
        instance.forget(List.of(MONTH));

        assertThat(usersOnThe21st(instance)).isEqualTo(1);
    }

    /** One poll of the writer: read, apply a view per user, store, keep. */
    private void poll(WrittenSketches instance, String... users) {
        Rollup rollup = instance.findWhole(List.of(MONTH)).block().getOrDefault(MONTH, Rollup.empty(7, "page", MONTH));
        for (String user : users) {
            rollup.apply(0, offset++, view(user));
        }
        store.saveAll(List.of(rollup)).block();
        instance.remember(List.of(rollup));
    }

    private long usersOnThe21st(WrittenSketches instance) {
        Rollup read = instance.findWhole(List.of(MONTH)).block().get(MONTH);
        return new UniqueUsers.Merge().add(read.slots().get(21).users()).estimate();
    }

    private static PageActivity view(String user) {
        return new PageActivity(7, "page", Instant.parse("2026-11-21T09:15:00Z"), 1, 1, 0, 0, 0, 0, 0, user);
    }
}
