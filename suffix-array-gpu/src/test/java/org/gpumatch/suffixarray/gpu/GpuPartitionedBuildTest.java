package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.NaiveSuffixArray;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The GPU builder's partitioned mode and its arrays in pieces at small n, on OpenCL (PoCL in CI): pieces of 4096
 * ints ({@code pieceShift} 12, so up to 8 pieces for 32 KiB), partitions of at most 3000 suffixes for texts over
 * 3000 bytes, so that partitions straddle pieces, piece boundaries fall inside stash segments and {@code p + h} lands
 * in other pieces; differential against SA-IS (and the naive construction up to 3000 bytes) and the checker.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GpuPartitionedBuildTest {
    private static final int LOCAL = 64;
    /** At most three work-groups in the grid's primitives: tiles of 1024 elements, grid ranges crossed early. */
    private static final int GROUPS = 3;
    private static final int PIECE_SHIFT = 12;
    private static final int CAPACITY = 3000;

    /** Partitioned above 3000 bytes. */
    private GpuPrefixDoublingBuilder split;
    /** Whole builds (chain rounds included) with the ranks and the packed text in pieces of 4096 ints. */
    private GpuPrefixDoublingBuilder wholeInPieces;
    private final SaisBuilder sais = new SaisBuilder();

    @BeforeAll
    void open() {
        // COPY buffers: on PoCL host pointers are the arrays themselves and would hide a missing get
        split = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS, PIECE_SHIFT, CAPACITY, CAPACITY)
                .withBufferCreation(BufferCreation.COPY);
        wholeInPieces = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS, PIECE_SHIFT,
                GpuPrefixDoublingBuilder.MAX_WHOLE_LENGTH, CAPACITY).withBufferCreation(BufferCreation.COPY);
    }

    @AfterAll
    void close() {
        for (GpuPrefixDoublingBuilder b : new GpuPrefixDoublingBuilder[] {split, wholeInPieces}) {
            if (b != null) {
                b.close();
            }
        }
    }

    private void assertBuilds(GpuPrefixDoublingBuilder gpu, String what, byte[] text) {
        int[] sa = gpu.build(text);
        int[] expected = text.length <= 3000 ? NaiveSuffixArray.build(text) : sais.build(text);
        assertThat(sa).as("%s n=%d", what, text.length).isEqualTo(expected);
        assertThat(SuffixArrayChecker.parallel().check(text, sa).line()).as(what).isEqualTo("OK");
    }

    private void assertPartitioned(String what, byte[] text) {
        assertBuilds(split, what, text);
        assertThat(split.lastPartitions()).as("%s partitions", what).isGreaterThan(text.length / CAPACITY);
    }

    @Test
    void partitionedAndPiecedBuildsJoinIntoTheCallersArray() {
        byte[] text = HardTexts.random(12_289, 4, 41);
        int[] expected = sais.build(text);
        for (GpuPrefixDoublingBuilder gpu : new GpuPrefixDoublingBuilder[] {split, wholeInPieces}) {
            int[] caller = new int[text.length + 3];
            java.util.Arrays.fill(caller, -9);
            assertThat(gpu.build(text, caller, SuffixArrayBuilder.Progress.NONE)).isSameAs(caller);
            assertThat(java.util.Arrays.copyOf(caller, text.length)).isEqualTo(expected);
            assertThat(java.util.Arrays.copyOfRange(caller, text.length, caller.length)).containsOnly(-9);
        }
    }

    @Test
    void buildsIntoTheCallersArrayKeepThePartitionedArraysForTheNextPartitionedBuild() {
        // text, into the caller's array?, expected reuse of the kept arrays
        byte[][] texts = {HardTexts.random(12_289, 4, 51), HardTexts.random(12_289, 26, 52),
            HardTexts.tandem(10_007, 7, 53), HardTexts.random(9000, 256, 54), HardTexts.random(9000, 3, 55),
            HardTexts.random(12_000, 5, 56), HardTexts.random(2000, 4, 57), HardTexts.random(6001, 2, 58),
            HardTexts.random(16_390, 4, 59), HardTexts.doubled(HardTexts.random(8000, 4, 60))};
        boolean[] into = {true, true, true, false, true, true, true, true, true, true};
        boolean[] reused = {false, true, true, true, false, false, false, false, false, true};
        int[] caller = new int[16_400];
        int[][] results = new int[texts.length][];
        try (GpuPrefixDoublingBuilder fresh = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS,
                PIECE_SHIFT, CAPACITY, CAPACITY).withBufferCreation(BufferCreation.COPY)) {
            for (int i = 0; i < texts.length; i++) {
                int n = texts[i].length;
                int[] expected = n <= 3000 ? NaiveSuffixArray.build(texts[i]) : sais.build(texts[i]);
                int[] sa;
                if (into[i]) {
                    java.util.Arrays.fill(caller, -5);
                    assertThat(fresh.build(texts[i], caller, SuffixArrayBuilder.Progress.NONE)).isSameAs(caller);
                    assertThat(java.util.Arrays.copyOfRange(caller, n, caller.length)).as("text %d: the rest", i)
                            .containsOnly(-5);
                    sa = java.util.Arrays.copyOf(caller, n);
                } else {
                    sa = fresh.build(texts[i]);
                }
                assertThat(sa).as("text %d n=%d", i, n).isEqualTo(expected);
                assertThat(fresh.lastPartitions() > 1).as("text %d partitioned", i).isEqualTo(n > CAPACITY);
                assertThat(fresh.lastReusedArrays()).as("text %d reused the kept arrays", i).isEqualTo(reused[i]);
                results[i] = sa;
            }
        }
        for (int i = 0; i < texts.length; i++) {
            int[] expected = texts[i].length <= 3000 ? NaiveSuffixArray.build(texts[i]) : sais.build(texts[i]);
            assertThat(results[i]).as("text %d after all builds", i).isEqualTo(expected);
        }
    }

    @Test
    void randomTextsAcrossPiecesAndPartitions() {
        // pieces of 4096 ints; work-group 64, sort chunk 16, select chunk 32, scan tile 512
        for (int n : new int[] {3001, 4095, 4097, 8193, 12_289, 32_767, 32_768}) {
            for (int sigma : new int[] {4, 26, 256}) {
                assertPartitioned("random sigma " + sigma, HardTexts.random(n, sigma, 7L * n + sigma));
            }
        }
        for (int n : new int[] {4097, 10_007}) { // 4 bins of about n / 4
            assertPartitioned("random binary", HardTexts.random(n, 2, n));
        }
    }

    @Test
    void allByteValues() {
        assertPartitioned("all bytes", HardTexts.allBytes(20_000));
        byte[] t = new byte[8192 + 513];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (255 - (i % 256));
        }
        assertPartitioned("descending bytes", t);
    }

    /** Rounds in lockstep over the partitions: long repeats need many rounds, and no chain rounds run here. */
    @Test
    void periodicTextsTakeRoundsInLockstep() {
        assertPartitioned("tandem period 7", HardTexts.tandem(20_000, 7, 3));
        assertPartitioned("tandem period 1000", HardTexts.tandem(30_000, 1000, 4));
        assertPartitioned("fibonacci", HardTexts.fibonacci(7000));
        assertPartitioned("thue-morse", HardTexts.thueMorse(8000));
        assertPartitioned("random doubled", HardTexts.doubled(HardTexts.random(15_000, 4, 5)));
        assertPartitioned("random 256 doubled", HardTexts.doubled(HardTexts.random(16_000, 256, 6)));
        assertThat(split.lastRounds()).isGreaterThanOrEqualTo(10); // a repeat of 16000 from h = 7
        assertThat(split.lastChainRounds()).isZero();
    }

    @Test
    void progressCountsEveryPartitionsUnsortedSuffixes() {
        byte[] text = HardTexts.doubled(HardTexts.random(6000, 26, 8));
        List<long[]> rounds = new ArrayList<>();
        split.build(text, new SuffixArrayBuilder.Progress() {
            @Override
            public void report(double fraction) {
            }

            @Override
            public void round(int round, long prefix, long unsorted) {
                rounds.add(new long[] {round, prefix, unsorted});
            }
        });
        assertThat(split.lastPartitions()).isGreaterThanOrEqualTo(4);
        assertThat(rounds.get(0)).containsExactly(0, 12, 2 * (6000 - 11)); // i and i + 6000 for i + 12 <= 6000
        assertThat(rounds.get(rounds.size() - 1)[2]).isZero();
        assertThat(rounds).hasSize(split.lastRounds() + 1);
        assertThat(rounds.get(rounds.size() - 1)[1]).isEqualTo(12L << split.lastRounds());
    }

    @Test
    void aTwoByteBinOverTheCapacityIsRefusedAndTheBuilderStillWorks() {
        assertThatThrownBy(() -> split.build(HardTexts.repeated(5000, 'a'))).isInstanceOf(
                UnpartitionableTextException.class).hasMessageContaining("4999 suffixes start with 0x61 0x61");
        assertThatThrownBy(() -> split.build(HardTexts.random(20_000, 2, 1))).isInstanceOf(
                UnpartitionableTextException.class).hasMessageContaining("partitions of at most 3000");
        assertPartitioned("after a refusal", HardTexts.random(5000, 256, 9));
        assertBuilds(split, "repeated, whole", HardTexts.repeated(CAPACITY, 'a')); // not over 3000 bytes: whole
        assertThat(split.lastPartitions()).isEqualTo(1);
    }

    @Test
    void wholeBuildsWithRanksAndTextInPieces() {
        for (Map.Entry<String, byte[]> e : HardTexts.hard(20_000).entrySet()) {
            assertBuilds(wholeInPieces, e.getKey(), e.getValue());
            assertThat(wholeInPieces.lastPartitions()).isEqualTo(1);
        }
        assertBuilds(wholeInPieces, "repeated a", HardTexts.repeated(32_768, 'a'));
        assertThat(wholeInPieces.lastChainRounds()).isEqualTo(1); // chains of positions in other pieces
        assertBuilds(wholeInPieces, "random 26", HardTexts.random(16_385, 26, 10));
    }

    @Test
    void memoryAndLimitsFollowTheMode() {
        int n = 20_000;
        // besides the grid layer's own buffers (spine, placeholders: half a G1 region each), which do not grow with n
        long partitioned = split.peakDeviceBytes(n) - split.fixedDeviceBytes();
        long whole = wholeInPieces.peakDeviceBytes(n) - wholeInPieces.fixedDeviceBytes();
        assertThat(whole).isBetween(21L * n, 22L * n); // with the segmented sort's large path (1n)
        assertThat(partitioned).isBetween(9L * n + 16L * CAPACITY, 9L * n + 18L * CAPACITY + 4096);
        assertThat(split.whyNotFits(8 << PIECE_SHIFT)).isEmpty();
        assertThat(split.whyNotFits((8 << PIECE_SHIFT) + 1)).hasValueSatisfying(
                why -> assertThat(why).contains("more than 8 pieces of 4096 ints"));
        assertThat(split.wholeLimit()).isEqualTo(CAPACITY);
        assertThat(split.partitionCapacity()).isEqualTo(CAPACITY);
    }
}
