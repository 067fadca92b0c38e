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
    // a copy for merging that has left exact counting: its dense registers (see DenseRegisters)
    private final byte[] registers;

    private UniqueUsers(byte[] stored, HllSketch sketch, byte[] registers) {
        this.stored = stored;
        this.sketch = sketch;
        this.registers = registers;
    }

    static UniqueUsers empty() {
        return new UniqueUsers(null, null, null);
    }

    static UniqueUsers fromBytes(byte[] stored) {
        return new UniqueUsers(stored, null, null);
    }

    /** Everyone counted in any of the given sketches, as one sketch to be stored. */
    static UniqueUsers unionOf(Collection<UniqueUsers> all) {
        Merge merge = new Merge();
        all.forEach(merge::add);
        return new UniqueUsers(null, merge.union().getResult(TgtHllType.HLL_4), null);
    }

    void add(String user) {
        sketch().update(user);
        stored = null;
    }

    /** About the memory the sketch holds: its stored form, its decoded form, or both. */
    long size() {
        return (stored != null ? stored.length : 0) + (sketch != null ? sketch.getCompactSerializationBytes() : 0)
                + (registers != null ? registers.length : 0);
    }

    /** What a rollup's sketches hold in memory, by which the caches weigh them. */
    static long sizeOf(Collection<UniqueUsers> sketches) {
        return sketches.stream().mapToLong(UniqueUsers::size).sum();
    }

    /** Whether nobody was ever counted in it: it adds nothing to a union. */
    public boolean isEmpty() {
        return stored == null && sketch == null && registers == null;
    }

    /**
     * A copy laid out for merging, to be shared by queries that only merge from it: a sketch that has
     * left exact counting as its dense registers, a byte each, which a {@link Merge} takes eight at
     * a time (the stored four-bit form must be unpacked register by register), at twice the memory;
     * a smaller one as a byte-per-register sketch.
     */
    UniqueUsers forMerging() {
        HllSketch source = sketch != null ? sketch : stored != null ? HllSketch.heapify(stored) : new HllSketch(LG_K, TgtHllType.HLL_4);
        HllSketch copy = source.copyAs(TgtHllType.HLL_8);
        byte[] image = copy.toUpdatableByteArray();
        return DenseRegisters.isDense(image, LG_K) ? new UniqueUsers(null, null, image) : new UniqueUsers(null, copy, null);
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
            sketch = registers != null ? HllSketch.heapify(registers)
                    : stored == null ? new HllSketch(LG_K, TgtHllType.HLL_4) : HllSketch.heapify(stored);
        }
        return sketch;
    }

    /** The sketch to merge from: a stored one is read in place, never copied onto the heap. */
    private HllSketch readable() {
        return sketch == null && stored != null ? HllSketch.wrap(Memory.wrap(stored)) : sketch();
    }

    /**
     * A running union of sketches: the dense ones register by register ({@link DenseRegisters}),
     * those still counting exactly through DataSketches' union, the two joined when it is read.
     */
    public static final class Merge {

        private byte[] dense;
        private int denseMerged;
        private Union exact;

        public Merge add(UniqueUsers users) {
            if (users.registers != null) {
                addDense(users.registers);
            } else if (!users.isEmpty()) {
                exact().update(users.readable());
            }
            return this;
        }

        /** Adds everything another union has seen. */
        public Merge add(Merge other) {
            if (other.dense != null) {
                addDense(other.dense);
                denseMerged += other.denseMerged - 1;
            }
            if (other.exact != null) {
                exact().update(other.exact.getResult(TgtHllType.HLL_8));
            }
            return this;
        }

        public long estimate() {
            if (dense == null) {
                return exact == null ? 0 : Math.round(exact.getEstimate());
            }
            return Math.round(exact == null ? denseSketch().getEstimate() : union().getEstimate());
        }

        private void addDense(byte[] registers) {
            if (dense == null) {
                dense = registers.clone();
            } else {
                DenseRegisters.maxInto(dense, registers);
            }
            denseMerged++;
        }

        /** One dense sketch stands as it came (its own estimator); a union of several is read as DataSketches reads its union. */
        private HllSketch denseSketch() {
            return denseMerged > 1 ? DenseRegisters.sketchOf(dense) : HllSketch.wrap(Memory.wrap(dense));
        }

        private Union exact() {
            if (exact == null) {
                exact = new Union(LG_K);
            }
            return exact;
        }

        private Union union() {
            Union union = new Union(LG_K);
            if (dense != null) {
                union.update(denseSketch());
            }
            if (exact != null) {
                union.update(exact.getResult(TgtHllType.HLL_8));
            }
            return union;
        }
    }
}
