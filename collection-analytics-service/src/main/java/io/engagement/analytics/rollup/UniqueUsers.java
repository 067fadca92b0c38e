package io.engagement.analytics.rollup;

import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;

import java.util.Collection;

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

    private UniqueUsers(byte[] stored, HllSketch sketch) {
        this.stored = stored;
        this.sketch = sketch;
    }

    static UniqueUsers empty() {
        return new UniqueUsers(null, null);
    }

    static UniqueUsers fromBytes(byte[] stored) {
        return new UniqueUsers(stored, null);
    }

    /** Everyone counted in any of the given sketches, as one sketch to be stored. */
    static UniqueUsers unionOf(Collection<UniqueUsers> all) {
        Merge merge = new Merge();
        all.forEach(merge::add);
        return new UniqueUsers(null, merge.union.getResult(TgtHllType.HLL_4));
    }

    void add(String user) {
        sketch().update(user);
        stored = null;
    }

    /** About the memory the sketch holds: its stored form, its decoded form, or both. */
    long size() {
        return (stored != null ? stored.length : 0) + (sketch != null ? sketch.getCompactSerializationBytes() : 0);
    }

    /** What a rollup's sketches hold in memory, by which the caches weigh them. */
    static long sizeOf(Collection<UniqueUsers> sketches) {
        return sketches.stream().mapToLong(UniqueUsers::size).sum();
    }

    /** Whether nobody was ever counted in it: it adds nothing to a union. */
    public boolean isEmpty() {
        return stored == null && sketch == null;
    }

    /**
     * A copy laid out for merging, to be shared by queries that only merge from it: a union takes
     * one byte-per-register (HLL_8) sketch about three times faster than the stored four-bit form,
     * whose registers it must unpack, at twice the memory.
     */
    UniqueUsers forMerging() {
        HllSketch source = sketch != null ? sketch : stored != null ? HllSketch.heapify(stored) : new HllSketch(LG_K, TgtHllType.HLL_4);
        return new UniqueUsers(null, source.copyAs(TgtHllType.HLL_8));
    }

    /** The stored form, kept until users are added, so a sketch unchanged since its last write is not encoded again. */
    byte[] toBytes() {
        if (stored == null) {
            stored = sketch().toCompactByteArray();
        }
        return stored;
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
            union.update(other.union.getResult(TgtHllType.HLL_8));
            return this;
        }

        public long estimate() {
            return Math.round(union.getEstimate());
        }
    }
}
