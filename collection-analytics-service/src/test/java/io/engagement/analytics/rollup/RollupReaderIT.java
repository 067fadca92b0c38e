package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import io.engagement.testkit.FreshDatabase;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Query;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Rollups through the real database: counters and sketches stored apart, counters cached by mark, sketches by version. */
class RollupReaderIT {

    private static final AnalyticsCaches SMALL_CACHES = new AnalyticsCaches(null, Duration.ofMinutes(1), 1L << 20, 1_000, 1L << 20);

    private static final String MONTH = "7:page:2026-11";

    @RegisterExtension
    final FreshDatabase database = new FreshDatabase("rollups");

    private ReactiveMongoTemplate mongo;
    private RollupStore store;
    private RollupMarks marks;

    @BeforeEach
    void connect() {
        mongo = database.template();
        store = new RollupStore(mongo);
        marks = new RollupMarks(mongo);
    }

    private RollupReader reader() {
        return new RollupReader(store, SMALL_CACHES);
    }

    @Test
    void countersAreReadOncePerMarkOfTheirOrganization() {
        RollupReader reader = reader();
        write(0, 1, "c:a", "c:b");
        assertThat(visitsOnThe21st(reader)).isEqualTo(2);
        // were the counters read from the database again under the same mark, they would be gone
        mongo.remove(new Query(), RollupStore.COLLECTION).block();
        assertThat(visitsOnThe21st(reader)).isEqualTo(2);

        write(0, 3, "c:c");

        assertThat(visitsOnThe21st(reader)).isEqualTo(1);
    }

    @Test
    void aRollupThatDidNotExistUnderAMarkIsFoundUnderTheNext() {
        RollupReader reader = reader();
        assertThat(reader.find(List.of(MONTH), marks.of(7).block()).collectList().block()).isEmpty();

        write(0, 1, "c:a");

        assertThat(visitsOnThe21st(reader)).isEqualTo(1);
    }

    @Test
    void aQuerySeesTheSketchesOfTheVersionItReadEvenWhenAnotherInstanceWroteThem() {
        RollupReader reader = reader();
        write(0, 1, "c:a", "c:b");
        assertThat(usersOnThe21st(reader)).isEqualTo(2);

        // written by a writer elsewhere: this reader's cached sketches are of the previous version
        write(0, 3, "c:c");

        assertThat(usersOnThe21st(reader)).isEqualTo(3);
        assertThat(mongo.findById(MONTH, Document.class, RollupStore.USERS).block().get("version")).isEqualTo(2L);
    }

    @Test
    void sketchesThisInstanceWritesOfARollupQueriedBeforeAreServedWithoutReadingThemBack() {
        RollupReader reader = reader();
        write(0, 1, "c:a");
        assertThat(usersOnThe21st(reader)).isEqualTo(1);
        Rollup written = write(0, 2, "c:b");
        reader.remember(List.of(written));
        // were the sketches read from the database now, they would be gone
        mongo.remove(new Query(), RollupStore.USERS).block();

        assertThat(usersOnThe21st(reader)).isEqualTo(2);
    }

    @Test
    void aRollupWrittenHereAfterAnotherInstanceWroteItIsCachedWholeFromThisWrite() {
        RollupReader reader = reader();
        write(0, 1, "c:a");
        writeOn("2026-11-22", 0, 2, "c:x");
        assertThat(usersOn(reader, 22)).isEqualTo(1);
        // another instance counts a user on the 22nd; this one then writes the 21st only
        writeOn("2026-11-22", 1, 1, "c:b");
        Rollup written = write(0, 3, "c:c");
        reader.remember(List.of(written));
        mongo.remove(new Query(), RollupStore.USERS).block();

        assertThat(usersOn(reader, 22)).isEqualTo(2);
        assertThat(usersOn(reader, 21)).isEqualTo(2);
    }

    @Test
    void sketchesOfARollupNoQueryAskedForAreNotKept() {
        RollupReader reader = reader();
        reader.remember(List.of(write(0, 1, "c:a")));
        mongo.remove(new Query(), RollupStore.USERS).block();

        assertThat(usersOnThe21st(reader)).isZero();
    }

    @Test
    void aRedeliveredPollChangesNeitherCountersNorVersion() {
        write(0, 1, "c:a", "c:b");
        Rollup again = new WrittenSketches(store, SMALL_CACHES).findWhole(List.of(MONTH)).block().get(MONTH);

        assertThat(again.apply(0, 1, view("c:a"))).isFalse();
        assertThat(again.apply(0, 2, view("c:b"))).isFalse();
        assertThat(again.version()).isEqualTo(1);
        assertThat(again.slots().get(21).counters().visits()).isEqualTo(2);
    }

    @Test
    void anOrganizationsMarkMovesOnWithEveryWriteOfItsRollups() {
        assertThat(marks.of(7).block()).isZero();

        marks.moveOn(Set.of(7L, 8L)).block();
        marks.moveOn(Set.of(7L)).block();

        assertThat(marks.of(7).block()).isEqualTo(2);
        assertThat(marks.of(8).block()).isEqualTo(1);
        assertThat(marks.of(9).block()).isZero();
    }

    /** Applies one view per user on the 21st, from consecutive offsets of one partition, as the writer does for a poll. */
    private Rollup write(int partition, long firstOffset, String... users) {
        return writeOn("2026-11-21", partition, firstOffset, users);
    }

    private Rollup writeOn(String day, int partition, long firstOffset, String... users) {
        // read as a writer that has not written the rollup itself does, from the database
        Rollup rollup = new WrittenSketches(store, SMALL_CACHES).findWhole(List.of(MONTH)).block().getOrDefault(MONTH, Rollup.empty(7, "page", MONTH));
        for (int i = 0; i < users.length; i++) {
            rollup.apply(partition, firstOffset + i, view(day, users[i]));
        }
        store.saveAll(List.of(rollup)).block();
        marks.moveOn(Set.of(7L)).block();
        return rollup;
    }

    private long usersOnThe21st(RollupReader reader) {
        return usersOn(reader, 21);
    }

    private long usersOn(RollupReader reader, int day) {
        List<Rollup> read = reader.find(List.of(MONTH), marks.of(7).block()).collectList().flatMap(reader::withUsers).block();
        return new UniqueUsers.Merge().add(read.get(0).slots().get(day).users()).estimate();
    }

    private long visitsOnThe21st(RollupReader reader) {
        return reader.find(List.of(MONTH), marks.of(7).block()).collectList().flatMap(reader::withUsers).block()
                .get(0).slots().get(21).counters().visits();
    }

    private static PageActivity view(String user) {
        return view("2026-11-21", user);
    }

    private static PageActivity view(String day, String user) {
        return new PageActivity(7, "page", Instant.parse(day + "T09:15:00Z"), 1, 1, 0, 0, 0, 0, 0, user);
    }
}
