package io.engagement.customer.activity;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class LatestSessionTest {

    private static final Instant T = Instant.parse("2026-11-21T12:00:00Z");

    @Test
    void anySummaryIsNewerThanNothing() {
        assertThat(summary("s-1", 0, 1).supersedes(null)).isTrue();
    }

    @Test
    void aSessionSeenLaterReplacesAnotherSession() {
        LatestSession earlier = summary("s-1", 0, 40);
        LatestSession later = summary("s-2", 60, 1);

        assertThat(later.supersedes(earlier)).isTrue();
        assertThat(earlier.supersedes(later)).isFalse();
    }

    @Test
    void aLaterSummaryOfTheSameSessionHasCountedMoreEvents() {
        LatestSession first = summary("s-1", 0, 3);
        LatestSession second = summary("s-1", 0, 5);

        assertThat(second.supersedes(first)).isTrue();
        assertThat(first.supersedes(second)).isFalse();
    }

    @Test
    void withinOneSessionTheEventCountWinsOverLastSeen() {
        // a late event (an older timestamp) still makes a newer summary of the same session
        LatestSession stored = summary("s-1", 60, 3);
        LatestSession withALateEvent = summary("s-1", 60, 4);
        LatestSession stale = summary("s-1", 90, 2);

        assertThat(withALateEvent.supersedes(stored)).isTrue();
        assertThat(stale.supersedes(stored)).isFalse();
    }

    @Test
    void aRedeliveredSummaryChangesNothing() {
        LatestSession stored = summary("s-1", 30, 3);

        assertThat(summary("s-1", 30, 3).supersedes(stored)).isFalse();
    }

    @Test
    void twoSessionsSeenAtTheSameInstantAreOrderedBySessionId() {
        LatestSession a = summary("s-a", 30, 9);
        LatestSession b = summary("s-b", 30, 1);

        assertThat(b.supersedes(a)).isTrue();
        assertThat(a.supersedes(b)).isFalse();
    }

    @Test
    void everyArrivalOrderSettlesOnTheSameSummary() {
        List<LatestSession> summaries = new ArrayList<>(List.of(
                summary("s-1", 0, 1), summary("s-1", 10, 2), summary("s-1", 20, 3),
                summary("s-2", 15, 1), summary("s-2", 25, 2), summary("s-3", 25, 1), summary("s-2", 25, 2)));
        Random random = new Random(42);
        for (int run = 0; run < 200; run++) {
            Collections.shuffle(summaries, random);
            LatestSession kept = null;
            for (LatestSession arriving : summaries) {
                kept = arriving.newer(kept);
            }
            assertThat(kept).isEqualTo(summary("s-3", 25, 1));
        }
    }

    private static LatestSession summary(String sessionId, int minutes, long eventCount) {
        Instant at = T.plusSeconds(60L * minutes);
        return new LatestSession(sessionId, "/page-" + eventCount, at, "web", at, eventCount);
    }
}
