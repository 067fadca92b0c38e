package io.engagement.analytics.rollup;

import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;

/**
 * Distinct visitors as an Apache DataSketches HLL sketch. With lgK 14 the relative standard error
 * is about 0.8 %, so an estimate stays within 2 % with high probability; small counts are exact.
 * Sketches merge losslessly across pages, hours and days.
 */
public final class UniqueUsers {

    static final int LG_K = 14;

    // a stored sketch is decoded only when it is updated or merged; an untouched one is written back as it was
    private byte[] stored;
    private HllSketch sketch;

    private UniqueUsers(byte[] stored) {
        this.stored = stored;
    }

    static UniqueUsers empty() {
        return new UniqueUsers(null);
    }

    void add(String user) {
        sketch().update(user);
        stored = null;
    }

    static UniqueUsers fromBytes(byte[] stored) {
        return new UniqueUsers(stored);
    }

    /** The sketch's size stored. */
    long size() {
        return stored != null ? stored.length : sketch().getCompactSerializationBytes();
    }

    /** Decodes the sketch once, so readers that only merge it can share it. */
    UniqueUsers decoded() {
        sketch();
        stored = null;
        return this;
    }

    byte[] toBytes() {
        return stored != null ? stored : sketch().toCompactByteArray();
    }

    private HllSketch sketch() {
        if (sketch == null) {
            sketch = stored == null ? new HllSketch(LG_K, TgtHllType.HLL_4) : HllSketch.heapify(stored);
        }
        return sketch;
    }

    /** The sketch to merge from: a stored one is read in place, never copied onto the heap. */
    private HllSketch readable() {
        return sketch == null && stored != null ? HllSketch.wrap(Memory.wrap(stored)) : sketch();
    }

    /** A running union of sketches. */
    public static final class Merge {

        private final Union union = new Union(LG_K);

        public Merge add(UniqueUsers users) {
            union.update(users.readable());
            return this;
        }

        /** Adds everything another union has seen. */
        public Merge add(Merge other) {
            union.update(other.union.getResult());
            return this;
        }

        public long estimate() {
            return Math.round(union.getEstimate());
        }
    }
}
