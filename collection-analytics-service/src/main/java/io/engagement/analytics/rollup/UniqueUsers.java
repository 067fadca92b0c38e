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
    // a copy for merging: its dense registers once it has left exact counting, else its coupons (see DenseRegisters)
    private final byte[] registers;
    private final int[] coupons;

    private UniqueUsers(byte[] stored, HllSketch sketch, byte[] registers, int[] coupons) {
        this.stored = stored;
        this.sketch = sketch;
        this.registers = registers;
        this.coupons = coupons;
    }

    static UniqueUsers empty() {
        return new UniqueUsers(null, null, null, null);
    }

    static UniqueUsers fromBytes(byte[] stored) {
        return new UniqueUsers(stored, null, null, null);
    }

    /** Everyone counted in any of the given sketches, as one sketch to be stored. */
    static UniqueUsers unionOf(Collection<UniqueUsers> all) {
        Merge merge = new Merge();
        all.forEach(merge::add);
        return new UniqueUsers(null, merge.result(TgtHllType.HLL_4), null, null);
    }

    void add(String user) {
        sketch().update(user);
        stored = null;
    }

    /** About the memory the sketch holds: its stored form, its decoded form, or both. */
    long size() {
        return (stored != null ? stored.length : 0) + (sketch != null ? sketch.getCompactSerializationBytes() : 0)
                + (registers != null ? registers.length : 0) + (coupons != null ? (long) coupons.length * Integer.BYTES : 0);
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
     * A copy laid out for merging, to be shared by queries that only merge from it. A sketch that has
     * left exact counting is kept as its dense registers, a byte each, which a {@link Merge} takes
     * eight at a time (the stored four-bit form must be unpacked register by register), at twice
     * the memory. A smaller one is kept as a sketch, for unions that stay exact, and as its
     * coupons, which raise a union's registers once it has some.
     */
    UniqueUsers forMerging() {
        HllSketch source = sketch != null ? sketch : stored != null ? HllSketch.heapify(stored) : new HllSketch(LG_K, TgtHllType.HLL_4);
        HllSketch copy = source.copyAs(TgtHllType.HLL_8);
        byte[] image = copy.toUpdatableByteArray();
        return DenseRegisters.isDense(image, LG_K) ? new UniqueUsers(null, null, image, null)
                : new UniqueUsers(null, copy, null, DenseRegisters.holdsCoupons(image) ? DenseRegisters.couponsOf(image) : null);
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
     * A running union of sketches. While it still counts exactly it is DataSketches' union, so small
     * counts stay exact; from the first sketch that has left exact counting (or once the union has)
     * it is registers, raised by the other sketches register by register ({@link DenseRegisters}).
     */
    public static final class Merge {

        private Union exact;
        private byte[] dense;
        // whether registers were raised since the image's own estimator inputs were last right: then it is read as a union
        private boolean raised;

        public Merge add(UniqueUsers users) {
            if (users.registers != null) {
                addDense(users.registers);
            } else if (users.coupons != null) {
                addCoupons(users);
            } else if (!users.isEmpty()) {
                addSketch(users.readable());
            }
            return this;
        }

        /** Adds everything another union has seen. */
        public Merge add(Merge other) {
            if (other.dense != null) {
                addDense(other.dense);
                raised |= other.raised;
            } else if (other.exact != null) {
                addSketch(other.exact.getResult(TgtHllType.HLL_8));
            }
            return this;
        }

        public long estimate() {
            if (dense == null) {
                return exact == null ? 0 : Math.round(exact.getEstimate());
            }
            return Math.round(denseSketch().getEstimate());
        }

        private HllSketch result(TgtHllType type) {
            if (dense != null) {
                return denseSketch().copyAs(type);
            }
            return exact == null ? new HllSketch(LG_K, type) : exact.getResult(type);
        }

        /** A small copy for merging: into DataSketches' union until that leaves exact counting, then its coupons raise registers. */
        private void addCoupons(UniqueUsers users) {
            if (dense != null) {
                raised |= DenseRegisters.raise(dense, users.coupons);
                return;
            }
            exact().update(users.sketch);
            if (DenseRegisters.isDense(exact, LG_K)) {
                dense = exact.getResult(TgtHllType.HLL_8).toUpdatableByteArray();
                exact = null;
            }
        }

        /**
         * A sketch not laid out for merging: a stored one (the rollup writer's whole-period union
         * takes only those, so what it stores is DataSketches' union as before) or another union's.
         */
        private void addSketch(HllSketch sketch) {
            if (dense != null) {
                DenseRegisters.fold(dense, sketch);
                raised = true;
            } else {
                exact().update(sketch);
            }
        }

        private void addDense(byte[] registers) {
            if (dense == null) {
                dense = registers.clone();
                if (exact != null) {
                    DenseRegisters.fold(dense, exact.getResult(TgtHllType.HLL_8));
                    exact = null;
                    raised = true;
                }
            } else {
                DenseRegisters.maxInto(dense, registers);
                raised = true;
            }
        }

        private Union exact() {
            if (exact == null) {
                exact = new Union(LG_K);
            }
            return exact;
        }

        /**
         * Registers as they came (one sketch, or DataSketches' union just turned dense) are read by
         * their own estimator, as DataSketches reads them; raised ones as DataSketches reads a union
         * of large sketches. Where DataSketches would keep a large sketch's running (HIP) estimate
         * while small ones join it, these are read as a union: both within the sketch's error.
         */
        private HllSketch denseSketch() {
            return raised ? DenseRegisters.sketchOf(dense) : HllSketch.wrap(Memory.wrap(dense));
        }
    }
}
