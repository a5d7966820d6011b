package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.SaisBuilder;
import org.junit.jupiter.api.Test;

/** The host-side planning of the partitioned GPU build: bins, greedy and balanced bounds, starts, stash contents. */
class SuffixPartitionsTest {
    @Test
    void binsFollowTheOrderOfSuffixes() {
        assertThat(SuffixPartitions.BINS).isEqualTo(65_792);
        assertThat(SuffixPartitions.bin(0, -1)).isZero();
        for (int b = 0; b < 256; b++) {
            // [b, end] (a one-byte suffix, a proper prefix) first, then [b, 0] .. [b, 255], then [b + 1, end]
            assertThat(SuffixPartitions.bin(b, -1)).isLessThan(SuffixPartitions.bin(b, 0));
            assertThat(SuffixPartitions.bin(b, 0) + 255).isEqualTo(SuffixPartitions.bin(b, 255));
            if (b < 255) {
                assertThat(SuffixPartitions.bin(b, 255) + 1).isEqualTo(SuffixPartitions.bin(b + 1, -1));
            }
        }
        assertThat(SuffixPartitions.bin(255, 255)).isEqualTo(SuffixPartitions.BINS - 1);
        byte[] ab = {'a', 'b'};
        assertThat(SuffixPartitions.binAt(ab, 0)).isEqualTo(SuffixPartitions.bin('a', 'b'));
        assertThat(SuffixPartitions.binAt(ab, 1)).isEqualTo(SuffixPartitions.bin('b', -1));
        assertThat(SuffixPartitions.describeBin(SuffixPartitions.bin(0x61, 0xff))).isEqualTo("0x61 0xff");
        assertThat(SuffixPartitions.describeBin(SuffixPartitions.bin(0, -1))).isEqualTo("0x00 then the end");
    }

    @Test
    void bananaSplitsAtTheSuffixArraysBinBoundaries() {
        byte[] banana = "banana".getBytes();
        // SA: 5 a, 3 ana, 1 anana, 0 banana, 4 na, 2 nana; bins [a,end] 1, [a,n] 2, [b,a] 1, [n,a] 2
        SuffixPartitions p = SuffixPartitions.plan(banana, 3);
        assertThat(p.partitions()).isEqualTo(2);
        assertThat(p.starts()).containsExactly(0, 3, 6);
        assertThat(p.firstBin(0)).isZero();
        assertThat(p.endBin(0)).isEqualTo(SuffixPartitions.bin('b', 'a')); // [a, end] and [a, n] fill the first
        assertThat(p.size(1)).isEqualTo(3);
        assertThat(p.largest()).isEqualTo(3);
        int[] partitionOf = p.binPartitions();
        int[] positionPartition = new int[banana.length];
        for (int i = 0; i < banana.length; i++) {
            positionPartition[i] = partitionOf[SuffixPartitions.binAt(banana, i)];
        }
        assertThat(positionPartition).containsExactly(1, 0, 1, 0, 1, 0); // a.. in the first, b.. and n.. the second
    }

    @Test
    void greedyBoundsAreBalancedToTheFewestPartitions() {
        int[] histogram = new int[SuffixPartitions.BINS];
        int[] counts = {6, 1, 1, 1, 1, 6};
        int[] bins = {3, 700, 701, 5000, 40_000, 65_791};
        for (int i = 0; i < bins.length; i++) {
            histogram[bins[i]] = counts[i];
        }
        // greedy at cap 10: {6, 1, 1, 1, 1} + {6}; the same two partitions at cap 8: {6, 1, 1} + {1, 1, 6}
        SuffixPartitions p = SuffixPartitions.ofHistogram(histogram, 10);
        assertThat(p.partitions()).isEqualTo(2);
        assertThat(p.starts()).containsExactly(0, 8, 16);
        assertThat(p.largest()).isEqualTo(8);
        assertThat(p.firstBin(1)).isEqualTo(5000);
        assertThat(p.endBin(1)).isEqualTo(SuffixPartitions.BINS);
        // the cap is the largest bin: {6}, {1, 1, 1, 1}, {6}
        SuffixPartitions tight = SuffixPartitions.ofHistogram(histogram, 6);
        assertThat(tight.partitions()).isEqualTo(3);
        assertThat(tight.starts()).containsExactly(0, 6, 10, 16);
        assertThat(tight.firstBin(1)).isEqualTo(700);
        // one partition when everything fits
        SuffixPartitions one = SuffixPartitions.ofHistogram(histogram, 100);
        assertThat(one.partitions()).isEqualTo(1);
        assertThat(one.size(0)).isEqualTo(16);
    }

    @Test
    void aBinOverTheCapacityIsRefusedWithItsBytesAndCount() {
        byte[] text = HardTexts.repeated(5000, 'a');
        assertThatThrownBy(() -> SuffixPartitions.plan(text, 3000)).isInstanceOf(UnpartitionableTextException.class)
                .hasMessageContaining("4999 suffixes start with 0x61 0x61")
                .hasMessageContaining("at most 3000").hasMessageNotContaining("\n");
        assertThat(SuffixPartitions.plan(text, 4999).partitions()).isEqualTo(2); // [a, end] and [a, a]
    }

    @Test
    void eachBinsPartitionHoldsExactlyTheSuffixesOfItsSuffixArrayRange() {
        // 10,007 bytes count in one chunk, 300,007 in four (chunk boundaries inside bins and partitions)
        for (int length : new int[] {10_007, 300_007}) {
            for (int sigma : new int[] {2, 4, 256}) {
                byte[] text = HardTexts.random(length, sigma, sigma);
                int capacity = (int) (length * (sigma == 2 ? 0.28 : 0.07));
                SuffixPartitions p = SuffixPartitions.plan(text, capacity);
                int[] partitionOf = p.binPartitions();
                assertThat(partitionOf).hasSize(SuffixPartitions.BINS);
                int[] sa = new SaisBuilder().build(text);
                String what = "length " + length + " sigma " + sigma;
                assertThat(p.partitions()).as(what).isGreaterThan(2);
                assertThat(p.start(p.partitions() - 1) + p.size(p.partitions() - 1)).isEqualTo(text.length);
                for (int j = 0; j < p.partitions(); j++) {
                    assertThat(p.size(j)).isBetween(1, capacity);
                    for (int x = p.start(j); x < p.start(j) + p.size(j); x++) {
                        int suffix = sa[x];
                        assertThat(partitionOf[SuffixPartitions.binAt(text, suffix)]).as("%s SA position %d", what, x)
                                .isEqualTo(j);
                    }
                }
            }
        }
    }

    @Test
    void thePlansAlphabetIsTheTextsAlphabet() {
        byte[] allBytes = new byte[70_000];
        for (int i = 0; i < allBytes.length; i++) {
            allBytes[i] = (byte) (i * 7);
        }
        byte[] lastOnly = {'a', 'a', 'a', 'z'}; // a byte value only the last position (a one-byte suffix) has
        byte[][] texts = {allBytes, lastOnly, HardTexts.random(200_003, 5, 9), "banana".getBytes(), {0}};
        for (byte[] text : texts) {
            int[] expected = new int[256];
            int sigma = PackedText.alphabet(text, expected);
            int[] codes = new int[256];
            assertThat(SuffixPartitions.plan(text, text.length).alphabet(codes)).isEqualTo(sigma);
            assertThat(codes).isEqualTo(expected);
        }
        assertThatThrownBy(() -> SuffixPartitions.whole(10).alphabet(new int[256]))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theWholeTextIsOnePartition() {
        SuffixPartitions whole = SuffixPartitions.whole(12_345);
        assertThat(whole.partitions()).isEqualTo(1);
        assertThat(whole.start(0)).isZero();
        assertThat(whole.size(0)).isEqualTo(12_345);
        assertThat(whole.largest()).isEqualTo(12_345);
        assertThat(SuffixPartitions.plan(new byte[0], 10).partitions()).isEqualTo(1);
    }
}
