package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import org.bson.Document;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Month rollups of page views built with the rollup writer's own code ({@link Rollup#apply}), for a
 * benchmark that stores them straight into the database when the pipeline could not carry that
 * many events in the time it has. Starts from the rollups already stored, so what it adds counts on
 * top of them, each changed rollup under a new version as a write of the writer's would be.
 */
public final class RollupSeed {

    /** The offsets of a partition no topic has, so the seed's never shadow the writer's own. */
    private static final int PARTITION = 1_000_000;

    private final Map<String, Rollup> rollups = new LinkedHashMap<>();
    private long offset;

    /** A rollup as stored: its counters document and its sketches document. */
    public void stored(Document counters, Document users) {
        Rollup rollup = Rollup.from(counters).withUsers(users != null ? Rollup.usersOf(users) : new TreeMap<>());
        rollups.put(rollup.id(), rollup);
        // an earlier seed's views are behind this one's
        if (counters.get("offsets", new Document()).get(Integer.toString(PARTITION)) instanceof Number seeded) {
            offset = Math.max(offset, seeded.longValue() + 1);
        }
    }

    /** One page view, by {@code user}; {@code exit} when it was the last of its session. */
    public void view(long organizationId, String pageId, Instant at, String user, boolean exit) {
        String id = Rollup.monthId(organizationId, pageId, YearMonth.from(at.atOffset(ZoneOffset.UTC)));
        rollups.computeIfAbsent(id, absent -> Rollup.empty(organizationId, pageId, id))
                .apply(PARTITION, offset++, new PageActivity(organizationId, pageId, at, 1, exit ? 1 : 0, 0, 0, 0, 0, 0, user));
    }

    /** The counters documents to store, after the sketches. */
    public List<Document> counters() {
        List<Document> documents = new ArrayList<>();
        rollups.values().forEach(rollup -> documents.add(rollup.toDocument()));
        return documents;
    }

    /** The sketches documents to store first. */
    public List<Document> users() {
        List<Document> documents = new ArrayList<>();
        rollups.values().forEach(rollup -> documents.add(rollup.usersDocument()));
        return documents;
    }
}
