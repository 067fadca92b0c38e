package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import org.bson.Document;

import java.nio.ByteBuffer;

/** The additive part of a rollup: event counts and sums, merged by adding. */
public final class Counters {

    private long visits;
    private long exits;
    private long leaves;
    private double durationMs;
    private double scrollDepth;
    private long errors;
    private long rageClicks;

    public static Counters from(Document document) {
        Counters counters = new Counters();
        counters.visits = longOf(document, "visits");
        counters.exits = longOf(document, "exits");
        counters.leaves = longOf(document, "leaves");
        counters.durationMs = doubleOf(document, "duration_ms");
        counters.scrollDepth = doubleOf(document, "scroll_depth");
        counters.errors = longOf(document, "errors");
        counters.rageClicks = longOf(document, "rage_clicks");
        return counters;
    }

    void add(PageActivity activity) {
        visits += activity.visits();
        exits += activity.exits();
        leaves += activity.leaves();
        durationMs += activity.durationMs();
        scrollDepth += activity.scrollDepth();
        errors += activity.errors();
        rageClicks += activity.rageClicks();
    }

    public Counters add(Counters other) {
        visits += other.visits;
        exits += other.exits;
        leaves += other.leaves;
        durationMs += other.durationMs;
        scrollDepth += other.scrollDepth;
        errors += other.errors;
        rageClicks += other.rageClicks;
        return this;
    }

    static final int BYTES = 7 * Long.BYTES;

    static Counters readFrom(ByteBuffer buffer) {
        Counters counters = new Counters();
        counters.visits = buffer.getLong();
        counters.exits = buffer.getLong();
        counters.leaves = buffer.getLong();
        counters.durationMs = buffer.getDouble();
        counters.scrollDepth = buffer.getDouble();
        counters.errors = buffer.getLong();
        counters.rageClicks = buffer.getLong();
        return counters;
    }

    void writeTo(ByteBuffer buffer) {
        buffer.putLong(visits).putLong(exits).putLong(leaves).putDouble(durationMs).putDouble(scrollDepth)
                .putLong(errors).putLong(rageClicks);
    }

    Document toDocument() {
        return new Document("visits", visits).append("exits", exits).append("leaves", leaves)
                .append("duration_ms", durationMs).append("scroll_depth", scrollDepth)
                .append("errors", errors).append("rage_clicks", rageClicks);
    }

    public long visits() {
        return visits;
    }

    public long exits() {
        return exits;
    }

    public long leaves() {
        return leaves;
    }

    public double durationMs() {
        return durationMs;
    }

    public double scrollDepth() {
        return scrollDepth;
    }

    public long errors() {
        return errors;
    }

    public long rageClicks() {
        return rageClicks;
    }

    private static long longOf(Document document, String field) {
        Object value = document.get(field);
        return value instanceof Number number ? number.longValue() : 0;
    }

    private static double doubleOf(Document document, String field) {
        Object value = document.get(field);
        return value instanceof Number number ? number.doubleValue() : 0;
    }
}
