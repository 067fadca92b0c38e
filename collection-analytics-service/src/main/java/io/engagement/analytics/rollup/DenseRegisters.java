package io.engagement.analytics.rollup;

import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.apache.datasketches.memory.Memory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Unions of HLL sketches in their dense one-byte-per-register form (the updatable image of an
 * HLL_8 sketch in HLL mode, laid out as Apache DataSketches serializes it), taken eight registers
 * at a time.
 *
 * <p>A union of such sketches is the register-wise maximum, which is what DataSketches' own union
 * computes for them, one byte at a time; a query over a month of fifty pages runs about fifteen
 * hundred of them. Registers hold at most 63, so each byte's top bit is free to take the borrow
 * of the comparison and a long's eight bytes compare without borrowing from each other. Before
 * an image is read, its estimator's inputs (the register sums and the minimum) are rebuilt to the
 * very values DataSketches rebuilds for its union (see {@link #sketchOf}), so a union of large
 * sketches estimates what DataSketches' union would.
 *
 * <p>A sketch still counting exactly holds coupons instead (a register's number and a value each,
 * independent of the sketch's size); merged into registers, each raises its one register.
 */
final class DenseRegisters {

    // the HLL preamble of DataSketches' serialization format (its PreambleUtil)
    private static final int LG_K_BYTE = 3;
    private static final int FLAGS_BYTE = 5;
    private static final int CUR_MIN_BYTE = 6;
    private static final int MODE_BYTE = 7;
    private static final int KXQ0_DOUBLE = 16;
    private static final int KXQ1_DOUBLE = 24;
    private static final int CUR_MIN_COUNT_INT = 32;
    private static final int REGISTERS_START = 40;
    private static final int OUT_OF_ORDER_FLAG = 16;
    private static final int REBUILD_FLAG = 32;
    private static final int HLL_8_IN_HLL_MODE = 10;
    private static final int LIST_MODE = 0;
    private static final int HLL_MODE = 2;
    private static final int LIST_START = 8;
    private static final int SET_START = 12;
    private static final int VALUE_SHIFT = 26;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLES = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final double[] INVERSE_POWERS_LESS_ONE = new double[64];

    static {
        for (int value = 0; value < 64; value++) {
            INVERSE_POWERS_LESS_ONE[value] = Double.longBitsToDouble((1023L - value) << 52) - 1.0;
        }
    }

    private DenseRegisters() {
    }

    /** Whether an updatable sketch image is dense HLL_8 registers of the given size, which {@link #maxInto} takes. */
    static boolean isDense(byte[] image, int lgK) {
        return image.length == REGISTERS_START + (1 << lgK) && image[LG_K_BYTE] == lgK
                && (image[MODE_BYTE] & 0xF) == HLL_8_IN_HLL_MODE;
    }

    /**
     * Whether a union has left exact counting. Its compact form is then its registers and the
     * preamble; a hash set of coupons is promoted to registers long before it grows that large
     * (at three quarters of 2^(lgK-3) coupons, about 6 kB for lgK 14, against 16 kB).
     */
    static boolean isDense(Union union, int lgK) {
        return union.getCompactSerializationBytes() == REGISTERS_START + (1 << lgK);
    }

    /** Raises every register of {@code union} to the other image's where that one is higher. */
    static void maxInto(byte[] union, byte[] other) {
        for (int at = REGISTERS_START; at < union.length; at += Long.BYTES) {
            long mine = (long) LONGS.get(union, at);
            long theirs = (long) LONGS.get(other, at);
            // each byte's high bit stays set where mine >= theirs; spread it over the byte
            long mineHigher = ((((mine | HIGH_BITS) - theirs) & HIGH_BITS) >>> 7) * 0xFF;
            LONGS.set(union, at, (mine & mineHigher) | (theirs & ~mineHigher));
        }
    }

    /** Whether a sketch image still counts exactly: a list or a hash set of coupons rather than registers. */
    static boolean holdsCoupons(byte[] image) {
        return (image[MODE_BYTE] & 3) != HLL_MODE;
    }

    /**
     * The coupons of a sketch image still counting exactly (a list or a hash set of them), each a
     * register's number in its low bits and the value for it in its top six.
     */
    static int[] couponsOf(byte[] image) {
        int start = (image[MODE_BYTE] & 3) == LIST_MODE ? LIST_START : SET_START;
        int[] found = new int[(image.length - start) / Integer.BYTES];
        int count = 0;
        for (int at = start; at + Integer.BYTES <= image.length; at += Integer.BYTES) {
            int coupon = (int) INTS.get(image, at);
            if (coupon != 0) {
                found[count++] = coupon;
            }
        }
        return Arrays.copyOf(found, count);
    }

    /** Raises the union's registers by a sketch's coupons, as DataSketches merges a small sketch into a large one; whether any rose. */
    static boolean raise(byte[] union, int[] coupons) {
        int registerMask = (1 << union[LG_K_BYTE]) - 1;
        boolean rose = false;
        for (int coupon : coupons) {
            int at = REGISTERS_START + (coupon & registerMask);
            byte value = (byte) (coupon >>> VALUE_SHIFT);
            if (union[at] < value) {
                union[at] = value;
                rose = true;
            }
        }
        return rose;
    }

    /** Merges any sketch of the union's size into the union's registers. */
    static void fold(byte[] union, HllSketch sketch) {
        byte[] image = sketch.copyAs(TgtHllType.HLL_8).toUpdatableByteArray();
        if (isDense(image, union[LG_K_BYTE])) {
            maxInto(union, image);
        } else if (!holdsCoupons(image)) {
            throw new IllegalArgumentException("a sketch of lgK " + image[LG_K_BYTE] + " cannot join a union of lgK " + union[LG_K_BYTE]);
        } else {
            raise(union, couponsOf(image));
        }
    }

    /** The union's sketch, readable in place: its estimator's inputs rebuilt and marked as a union's. */
    static HllSketch sketchOf(byte[] union) {
        // counted by value first: a register-by-register loop branches unpredictably on every register
        int[] registersAt = new int[64];
        for (int at = REGISTERS_START; at < union.length; at++) {
            registersAt[union[at]]++;
        }
        int curMin = 0;
        while (registersAt[curMin] == 0) {
            curMin++;
        }
        union[CUR_MIN_BYTE] = (byte) curMin;
        INTS.set(union, CUR_MIN_COUNT_INT, registersAt[curMin]);
        DOUBLES.set(union, KXQ0_DOUBLE, kxq0(union[LG_K_BYTE], registersAt));
        DOUBLES.set(union, KXQ1_DOUBLE, kxq1(union, registersAt));
        union[FLAGS_BYTE] = (byte) ((union[FLAGS_BYTE] | OUT_OF_ORDER_FLAG) & ~REBUILD_FLAG);
        return HllSketch.wrap(Memory.wrap(union));
    }

    /**
     * The sum over registers below 32 of 2^-value - 1, plus k. Every product of a count and a term,
     * and every partial sum, is a multiple of 2^-31 no larger than 2^21 (k is at most 2^21), which
     * a double holds exactly, so adding by value gives exactly the sum DataSketches adds register
     * by register.
     */
    private static double kxq0(int lgK, int[] registersAt) {
        double kxq0 = 1 << lgK;
        for (int value = 1; value < 32; value++) {
            kxq0 += registersAt[value] * INVERSE_POWERS_LESS_ONE[value];
        }
        return kxq0;
    }

    /** The same over registers of 32 and more, which round: added in register order, as DataSketches adds them. */
    private static double kxq1(byte[] union, int[] registersAt) {
        int high = 0;
        for (int value = 32; value < 64; value++) {
            high += registersAt[value];
        }
        double kxq1 = 0;
        for (int at = REGISTERS_START; high > 0 && at < union.length; at++) {
            if (union[at] >= 32) {
                kxq1 += INVERSE_POWERS_LESS_ONE[union[at]];
                high--;
            }
        }
        return kxq1;
    }
}
