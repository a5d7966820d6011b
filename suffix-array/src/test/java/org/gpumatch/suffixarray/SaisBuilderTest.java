package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.api.conformance.RealCorpora;
import org.junit.jupiter.api.Test;

class SaisBuilderTest {
    private final SuffixArrayBuilder builder = new SaisBuilder();

    private void assertSame(String what, byte[] text) {
        int[] sa = builder.build(text);
        assertThat(sa).as("%s n=%d", what, text.length).isEqualTo(NaiveSuffixArray.build(text));
        assertThat(SuffixArrayChecker.sequential().check(text, sa).isOk()).as(what).isTrue();
    }

    /**
     * Texts of alternating high and low bytes have an LMS suffix at every low byte, so their LMS counts fall exactly
     * around the naming loop's blocks (256) and its multiples; few distinct pairs make names repeat (recursion).
     */
    @Test
    void lmsCountsAroundTheNamingBlocks() {
        java.util.Random r = new java.util.Random(24);
        for (int m : new int[] {255, 256, 257, 511, 512, 513, 767, 768, 769}) {
            for (int variety : new int[] {1, 2, 120}) {
                byte[] text = new byte[2 * m + 1];
                for (int i = 0; i < text.length; i++) {
                    text[i] = (byte) (i % 2 == 0 ? 200 + r.nextInt(variety) : 1 + r.nextInt(variety));
                }
                assertSame("pairs m=" + m + " variety " + variety, text);
            }
        }
    }

    @Test
    void buildsIntoTheCallersArrayLeavingTheRest() {
        byte[] text = HardTexts.random(3001, 7, 5);
        int[] into = new int[3005];
        java.util.Arrays.fill(into, -3);
        assertThat(new SaisBuilder().build(text, into, SuffixArrayBuilder.Progress.NONE)).isSameAs(into);
        assertThat(java.util.Arrays.copyOf(into, 3001)).isEqualTo(NaiveSuffixArray.build(text));
        assertThat(java.util.Arrays.copyOfRange(into, 3001, 3005)).containsOnly(-3);
        assertThatThrownBy(() -> new SaisBuilder().build(text, new int[3000], SuffixArrayBuilder.Progress.NONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the result array holds 3000 entries; the suffix array of 3001 bytes needs 3001");
    }

    @Test
    void largeHardInputsPassTheChecker() {
        for (Map.Entry<String, byte[]> e : HardTexts.hard(1 << 19).entrySet()) {
            int[] sa = builder.build(e.getValue());
            assertThat(SuffixArrayChecker.sequential().check(e.getValue(), sa).line()).as(e.getKey()).isEqualTo("OK");
        }
    }

    /**
     * Two and four threads (one and three {@link SymbolLookahead} helpers beside each inducing pass) give the
     * one-thread array on texts past {@link InducedSorting#LOOKAHEAD_MIN}, with lengths around its blocks; repeated
     * because the helpers' timing varies from run to run.
     */
    @Test
    void threadsWithLookaheadGiveTheOneThreadArray() {
        assertThat(new SaisBuilder(2).name()).isEqualTo("sais-cpu-2t");
        int base = InducedSorting.LOOKAHEAD_MIN;
        int block = SymbolLookahead.BLOCK;
        int[] sizes = {base, base + 1, base + block - 1, base + 3 * block + 1};
        for (int threads : new int[] {2, 4}) {
            SaisBuilder several = new SaisBuilder(threads);
            for (int rep = 0; rep < 2; rep++) {
                for (int k = 0; k < sizes.length; k++) {
                    int n = sizes[k];
                    for (Map.Entry<String, byte[]> e : HardTexts.hard(n).entrySet()) {
                        if (k > 0 && !e.getKey().startsWith("random") && !e.getKey().startsWith("tandem")) {
                            continue;
                        }
                        byte[] text = e.getValue();
                        int[] sa = several.build(text);
                        assertThat(sa).as("%s n=%d threads=%d", e.getKey(), n, threads).isEqualTo(builder.build(text));
                        assertThat(SuffixArrayChecker.parallel().check(text, sa).line()).as(e.getKey())
                                .isEqualTo("OK");
                    }
                }
            }
        }
    }

    @Test
    void threadsForATextAndTheirAnnouncement() {
        SaisBuilder four = new SaisBuilder(4);
        byte[] random = HardTexts.random(InducedSorting.LOOKAHEAD_MIN, 256, 4);
        assertThat(four.threadsFor(random)).isEqualTo(4);
        assertThat(four.describeThreads(random)).isEqualTo("; 4 threads: the scan and 3 lookahead helpers");
        assertThat(new SaisBuilder(2).describeThreads(random)).isEqualTo("; 2 threads: the scan and 1 lookahead helper");
        byte[] regular = HardTexts.repeated(InducedSorting.LOOKAHEAD_MIN, 'a');
        assertThat(four.threadsFor(regular)).isEqualTo(1);
        assertThat(four.describeThreads(regular)).isEqualTo("; one thread (a locally regular text: no lookahead)");
        byte[] shortText = HardTexts.random(InducedSorting.LOOKAHEAD_MIN - 1, 256, 4);
        assertThat(four.threadsFor(shortText)).isEqualTo(1);
        assertThat(four.describeThreads(shortText)).isEqualTo("; one thread");
        assertThat(new SaisBuilder().threadsFor(random)).isEqualTo(1);
    }

    @Test
    void realCorporaPassTheChecker() {
        for (RealCorpora.Corpus c : RealCorpora.all()) {
            byte[] text = c.bytes();
            int[] sa = builder.build(text);
            assertThat(SuffixArrayChecker.sequential().check(text, sa).line()).as(c.name()).isEqualTo("OK");
        }
    }

    @Test
    void multiMegabyteRealTextPassesTheChecker() {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        for (int rep = 0; rep < 8; rep++) {
            for (RealCorpora.Corpus c : RealCorpora.all()) {
                all.writeBytes(c.bytes());
            }
        }
        byte[] text = all.toByteArray();
        assertThat(text.length).isGreaterThan(5_000_000);
        int[] sa = builder.build(text);
        assertThat(SuffixArrayChecker.parallel().check(text, sa).line()).isEqualTo("OK");
        assertThat(new SaisBuilder(2).build(text)).as("two threads").isEqualTo(sa);
    }

    @Test
    void progressEndsAtOne() {
        double[] last = {-1};
        builder.build(HardTexts.random(5000, 4, 1), f -> {
            assertThat(f).isGreaterThanOrEqualTo(last[0]);
            last[0] = f;
        });
        assertThat(last[0]).isEqualTo(1.0);
    }
}
