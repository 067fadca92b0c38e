package io.engagement.analytics.rollup;

import io.engagement.analytics.rollup.UniqueUsers.Merge;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class DenseRegistersTest {

    // offsets in DataSketches' HLL image: the minimum register, the two sums, the count at the minimum, the registers
    private static final int CUR_MIN_BYTE = 6;
    private static final int KXQ0_DOUBLE = 16;
    private static final int CUR_MIN_COUNT_INT = 32;
    private static final int REGISTERS_START = 40;

    private final Random random = new Random(42);

    private UniqueUsers stored(int visitors, int population) {
        UniqueUsers users = UniqueUsers.empty();
        for (int i = 0; i < visitors; i++) {
            users.add("c:user-" + random.nextInt(population));
        }
        return UniqueUsers.fromBytes(users.toBytes());
    }

    private static long dataSketchesUnion(List<UniqueUsers> sketches) {
        Union union = new Union(UniqueUsers.LG_K);
        sketches.forEach(users -> union.update(HllSketch.heapify(users.toBytes())));
        return Math.round(union.getEstimate());
    }

    @Test
    void aUnionOfDenseSketchesEstimatesExactlyWhatDataSketchesUnionDoes() {
        for (int round = 0; round < 5; round++) {
            List<UniqueUsers> sketches = new ArrayList<>();
            Merge merge = new Merge();
            for (int page = 0; page < 20; page++) {
                UniqueUsers users = stored(3_000 + random.nextInt(20_000), 200_000);
                sketches.add(users);
                merge.add(users.forMerging());
            }

            assertThat(merge.estimate()).isEqualTo(dataSketchesUnion(sketches));
        }
    }

    @Test
    void theEstimatorsInputsAreRebuiltToDataSketchesOwnBits() {
        byte[] mine = denseImage(stored(20_000, 1_000_000));
        byte[] theirs = denseImage(stored(20_000, 1_000_000));
        for (int register = 0; register < 2_000; register++) {
            // values no count of visitors reaches in practice, whose terms round: their sum depends on its order
            theirs[REGISTERS_START + random.nextInt(1 << UniqueUsers.LG_K)] = (byte) (48 + random.nextInt(16));
        }
        Union union = new Union(UniqueUsers.LG_K);
        union.update(HllSketch.heapify(mine));
        union.update(HllSketch.heapify(theirs));
        byte[] dataSketches = union.toUpdatableByteArray();

        DenseRegisters.maxInto(mine, theirs);
        DenseRegisters.sketchOf(mine);

        // the minimum, the two sums and the count at the minimum, as DataSketches' union image holds them
        assertThat(mine[CUR_MIN_BYTE]).isEqualTo(dataSketches[CUR_MIN_BYTE]);
        assertThat(Arrays.copyOfRange(mine, KXQ0_DOUBLE, CUR_MIN_COUNT_INT + Integer.BYTES))
                .isEqualTo(Arrays.copyOfRange(dataSketches, KXQ0_DOUBLE, CUR_MIN_COUNT_INT + Integer.BYTES));
    }

    private static byte[] denseImage(UniqueUsers users) {
        return HllSketch.heapify(users.toBytes()).copyAs(TgtHllType.HLL_8).toUpdatableByteArray();
    }

    @Test
    void oneDenseSketchKeepsItsOwnEstimate() {
        UniqueUsers users = stored(10_000, 1_000_000);

        assertThat(new Merge().add(users.forMerging()).estimate()).isEqualTo(dataSketchesUnion(List.of(users)));
    }

    @Test
    void unionsOfUnionsCountTheirDenseSketchesAsOneUnion() {
        UniqueUsers a = stored(8_000, 50_000);
        UniqueUsers b = stored(8_000, 50_000);
        UniqueUsers c = stored(8_000, 50_000);

        long nested = new Merge().add(new Merge().add(a.forMerging()).add(b.forMerging())).add(new Merge().add(c.forMerging())).estimate();

        assertThat(nested).isEqualTo(dataSketchesUnion(List.of(a, b, c)));
    }

    @Test
    void smallSketchesRaiseTheRegistersOfALargeUnionAsDataSketchesMergesThem() {
        for (int round = 0; round < 5; round++) {
            List<UniqueUsers> large = new ArrayList<>();
            List<UniqueUsers> small = new ArrayList<>();
            for (int page = 0; page < 10; page++) {
                large.add(stored(3_000 + random.nextInt(10_000), 100_000));
                small.add(stored(1 + random.nextInt(1_500), 100_000));
            }
            List<UniqueUsers> inDataSketchesOrder = new ArrayList<>(large);
            inDataSketchesOrder.addAll(small);
            List<UniqueUsers> shuffled = new ArrayList<>(inDataSketchesOrder);
            Collections.shuffle(shuffled, random);
            Merge merge = new Merge();
            shuffled.forEach(users -> merge.add(users.forMerging()));

            assertThat(merge.estimate()).isEqualTo(dataSketchesUnion(inDataSketchesOrder));
        }
    }

    @Test
    void aUnionThatStartedExactTakesItsSketchesAlongWhenItTurnsDense() {
        UniqueUsers small = stored(1_000, 1_000_000);
        UniqueUsers smaller = stored(20, 1_000_000);
        UniqueUsers large = stored(10_000, 1_000_000);
        UniqueUsers otherLarge = stored(10_000, 1_000_000);
        Merge exactFirst = new Merge().add(small.forMerging()).add(smaller.forMerging());

        long estimate = new Merge().add(exactFirst).add(new Merge().add(large.forMerging()).add(otherLarge.forMerging())).estimate();

        // DataSketches reads a union as a union (not by its first sketch's own estimator) once two large sketches are in it
        assertThat(estimate).isEqualTo(dataSketchesUnion(List.of(large, otherLarge, small, smaller)));
    }

    @Test
    void aUnionOfSmallSketchesThatLeavesExactCountingGoesOnInRegisters() {
        List<UniqueUsers> small = new ArrayList<>();
        Merge merge = new Merge();
        for (int page = 0; page < 50; page++) {
            UniqueUsers users = stored(1_000, 40_000);
            small.add(users);
            merge.add(users.forMerging());
        }

        assertThat((double) merge.estimate()).isCloseTo(dataSketchesUnion(small), within(0.01 * dataSketchesUnion(small)));
        assertThat((double) merge.estimate()).isCloseTo(40_000 * (1 - Math.exp(-50_000 / 40_000.0)), within(800.0));
    }

    @Test
    void storedSketchesFoldIntoDenseRegisters() {
        UniqueUsers large = stored(10_000, 1_000_000);
        UniqueUsers small = stored(500, 1_000_000);
        UniqueUsers otherLarge = stored(10_000, 1_000_000);

        long estimate = new Merge().add(large.forMerging()).add(small).add(otherLarge).estimate();

        assertThat(estimate).isEqualTo(dataSketchesUnion(List.of(large, otherLarge, small)));
    }

    @Test
    void theWholePeriodSketchTheWriterStoresIsDataSketchesOwnUnion() {
        List<UniqueUsers> slots = List.of(stored(5_000, 100_000), stored(300, 100_000), stored(8_000, 100_000), stored(20, 100_000));

        UniqueUsers whole = UniqueUsers.unionOf(slots);

        assertThat(new Merge().add(whole).estimate()).isEqualTo(dataSketchesUnion(slots));
    }

    @Test
    void denseAndExactSketchesMergeWithinTheSketchesError() {
        UniqueUsers big = stored(30_000, 30_000);
        Merge merge = new Merge().add(big.forMerging());
        for (int page = 0; page < 10; page++) {
            UniqueUsers small = UniqueUsers.empty();
            for (int i = 0; i < 50; i++) {
                small.add("c:other-" + page + "-" + i);
            }
            merge.add(UniqueUsers.fromBytes(small.toBytes()).forMerging());
        }

        assertThat((double) merge.estimate()).isCloseTo(dataSketchesUnion(List.of(big)) + 500, within(200.0));
    }

    @Test
    void exactSketchesStayExact() {
        UniqueUsers a = UniqueUsers.empty();
        UniqueUsers b = UniqueUsers.empty();
        for (int i = 0; i < 100; i++) {
            a.add("c:" + i);
            b.add("c:" + (i + 50));
        }

        assertThat(new Merge().add(a.forMerging()).add(b.forMerging()).estimate()).isEqualTo(150);
    }

    @Test
    void onlyDenseHll8ImagesOfTheSketchesSizeAreTakenEightRegistersAtATime() {
        HllSketch dense = new HllSketch(UniqueUsers.LG_K, TgtHllType.HLL_8);
        for (int i = 0; i < 20_000; i++) {
            dense.update(i);
        }
        HllSketch sparse = new HllSketch(UniqueUsers.LG_K, TgtHllType.HLL_8);
        sparse.update(1);

        assertThat(DenseRegisters.isDense(dense.toUpdatableByteArray(), UniqueUsers.LG_K)).isTrue();
        assertThat(DenseRegisters.isDense(sparse.toUpdatableByteArray(), UniqueUsers.LG_K)).isFalse();
        assertThat(DenseRegisters.isDense(dense.copyAs(TgtHllType.HLL_4).toUpdatableByteArray(), UniqueUsers.LG_K)).isFalse();
        assertThat(DenseRegisters.isDense(dense.toUpdatableByteArray(), 12)).isFalse();
    }
}
