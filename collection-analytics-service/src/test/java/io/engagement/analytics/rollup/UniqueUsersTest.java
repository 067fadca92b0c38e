package io.engagement.analytics.rollup;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class UniqueUsersTest {

    private static UniqueUsers stored(int from, int to) {
        UniqueUsers users = UniqueUsers.empty();
        for (int i = from; i < to; i++) {
            users.add("c:user-" + i);
        }
        return UniqueUsers.fromBytes(users.toBytes());
    }

    @Test
    void mergesStoredSketchesOfOverlappingVisitorsWithinTwoPercent() {
        long estimate = new UniqueUsers.Merge().add(stored(0, 30_000)).add(stored(20_000, 50_000)).estimate();

        assertThat((double) estimate).isCloseTo(50_000, within(1_000.0));
    }

    @Test
    void aUnionOfUnionsEqualsTheUnionOfTheirSketches() {
        UniqueUsers a = stored(0, 5_000);
        UniqueUsers b = stored(4_000, 9_000);
        UniqueUsers c = stored(8_000, 12_000);

        long direct = new UniqueUsers.Merge().add(a).add(b).add(c).estimate();
        long nested = new UniqueUsers.Merge().add(new UniqueUsers.Merge().add(a).add(b)).add(new UniqueUsers.Merge().add(c)).estimate();

        assertThat(nested).isEqualTo(direct);
        assertThat((double) direct).isCloseTo(12_000, within(240.0));
    }

    @Test
    void smallCountsAreExact() {
        assertThat(new UniqueUsers.Merge().add(stored(0, 37)).add(stored(30, 40)).estimate()).isEqualTo(40);
    }
}
