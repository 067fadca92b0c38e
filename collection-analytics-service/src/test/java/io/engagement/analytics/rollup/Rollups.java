package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;

import java.time.Instant;
import java.time.YearMonth;

/** Month rollups of page views made as the writer makes them, for tests outside this package. */
public final class Rollups {

    private final Rollup rollup;
    private long offset;

    private Rollups(Rollup rollup) {
        this.rollup = rollup;
    }

    public static Rollups month(String pageId, String month) {
        return new Rollups(Rollup.empty(7, pageId, Rollup.monthId(7, pageId, YearMonth.parse(month))));
    }

    /** A page view by each user at the given instant. */
    public Rollups views(String at, String... users) {
        for (String user : users) {
            rollup.apply(0, offset++, new PageActivity(7, rollup.pageId(), Instant.parse(at), 1, 1, 0, 0, 0, 0, 0, user));
        }
        return this;
    }

    /** The rollup as a query reads it back. */
    public Rollup stored() {
        return Rollup.from(rollup.toDocument()).withUsers(Rollup.usersOf(rollup.usersDocument()));
    }

    /** The rollup as a query reads it back, with a whole period's sketch of these users instead of its own. */
    public Rollup storedWithPeriodUsers(String... users) {
        Rollup stored = stored();
        UniqueUsers period = UniqueUsers.empty();
        for (String user : users) {
            period.add(user);
        }
        stored.users().put(Rollup.WHOLE_PERIOD, period);
        return stored;
    }
}
