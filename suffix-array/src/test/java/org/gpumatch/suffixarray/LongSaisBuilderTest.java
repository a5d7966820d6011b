package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.gpumatch.checker.ByteSequence;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.IndexSequence;
import org.gpumatch.checker.MappedByteSequence;
import org.gpumatch.checker.MappedIndexSequence;
import org.gpumatch.checker.SuffixArrayChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The long path forced on small texts: pages of 64 entries (so every paged access crosses pages), and reduced strings
 * on the long recursion all the way down (int limit 0), partly (limit 40) or at once (the int SA-IS), against the int
 * SA-IS and the naive construction, every array through the checker.
 */
class LongSaisBuilderTest {
    private static final int SHIFT = 6;
    private static final long[] INT_LIMITS = {0, 40, SaisBuilder.MAX_LENGTH};

    @TempDir
    Path dir;

    private static void assertBuilds(final String what, final byte[] text, final boolean naive) {
        final int[] expected = naive ? NaiveSuffixArray.build(text) : new SaisBuilder().build(text);
        if (naive) {
            assertThat(new SaisBuilder().build(text)).as("int SA-IS, %s", what).isEqualTo(expected);
        }
        for (final long limit : INT_LIMITS) {
            final LongPages sa = new LongSaisBuilder(SHIFT, limit).build(ByteSequence.of(text),
                    SuffixArrayBuilder.Progress.NONE);
            assertThat(sa.length()).isEqualTo(text.length);
            final long[] got = new long[text.length];
            sa.copyTo(0, got, text.length);
            final long[] want = longs(expected);
            assertThat(got).as("%s n=%d int limit %d", what, text.length, limit).isEqualTo(want);
            assertThat(SuffixArrayChecker.sequential().check(ByteSequence.of(text), sa).isOk()).as(what).isTrue();
        }
    }

    @Test
    void everySizeUpTo300AndAroundPageBoundariesTo5000() {
        for (int n = 0; n <= 300; n++) {
            assertBuilds("random 4", HardTexts.random(n, 4, n), true);
        }
        for (int base = 512; base <= 4096; base *= 2) {
            for (int n = base - 65; n <= base + 65; n += 13) {
                assertBuilds("random 2", HardTexts.random(n, 2, n), false);
            }
            for (final int d : new int[] {-1, 0, 1}) {
                assertBuilds("random 26", HardTexts.random(base + d, 26, base), true);
            }
        }
        assertBuilds("random 256", HardTexts.random(5000, 256, 5), true);
        assertBuilds("random 2, 5000", HardTexts.random(5000, 2, 6), false);
    }

    @Test
    void periodicAndHardTexts() {
        for (final int n : new int[] {63, 64, 65, 1000, 4097}) {
            for (final Map.Entry<String, byte[]> e : HardTexts.hard(n).entrySet()) {
                assertBuilds(e.getKey(), e.getValue(), n <= 1000);
            }
        }
        for (final int period : new int[] {1, 2, 3, 7, 64, 65}) {
            assertBuilds("tandem " + period, HardTexts.tandem(3000, period, period), false);
        }
        assertBuilds("doubled", HardTexts.doubled(HardTexts.random(2500, 4, 9)), false);
    }

    @Test
    void lmsPairsThatNameAlikeRecurseOnEveryPath() {
        final Random r = new Random(24);
        for (final int m : new int[] {31, 32, 33, 255, 256, 257}) {
            for (final int variety : new int[] {1, 2, 120}) {
                final byte[] text = new byte[2 * m + 1];
                for (int i = 0; i < text.length; i++) {
                    text[i] = (byte) (i % 2 == 0 ? 200 + r.nextInt(variety) : 1 + r.nextInt(variety));
                }
                assertBuilds("pairs m=" + m + " variety " + variety, text, true);
            }
        }
    }

    /**
     * One to three {@link LongSymbolLookahead} helpers (and {@link SymbolLookahead} ones on the int levels) with the
     * lookahead from 64 symbols, pages of 64 entries and every int limit, give the one-thread arrays, at lengths
     * around the lookahead's blocks; one helper three times, because the helpers' timing varies from run to run.
     */
    @Test
    void lookaheadHelpersGiveTheOneThreadArrays() {
        assertThat(new LongSaisBuilder(3).name()).isEqualTo("sais-long-3t");
        assertThat(new LongSaisBuilder(1).name()).isEqualTo("sais-long");
        assertThatThrownBy(() -> new LongSaisBuilder(0)).isInstanceOf(IllegalArgumentException.class);
        final int block = BlockLookahead.BLOCK;
        final int[] sizes = {block - 1, block + 64, 3 * block + 1};
        for (int k = 0; k < sizes.length; k++) {
            for (final Map.Entry<String, byte[]> e : HardTexts.hard(sizes[k]).entrySet()) {
                if (k > 0 && !e.getKey().startsWith("random") && !e.getKey().startsWith("tandem")) {
                    continue;
                }
                final byte[] text = e.getValue();
                final long[] want = longs(new SaisBuilder().build(text));
                for (final long limit : INT_LIMITS) {
                    for (int threads = 2; threads <= 4; threads++) {
                        for (int rep = 0; rep < (threads == 2 ? 3 : 1); rep++) { // 1 helper: the most runs
                            final LongPages sa = new LongSaisBuilder(SHIFT, limit, threads, 64).build(
                                    ByteSequence.of(text), SuffixArrayBuilder.Progress.NONE);
                            final long[] got = new long[text.length];
                            sa.copyTo(0, got, text.length);
                            assertThat(got).as("%s n=%d int limit %d, %d threads", e.getKey(), text.length, limit,
                                    threads).isEqualTo(want);
                        }
                    }
                }
            }
        }
    }

    private static long[] longs(final int[] a) {
        final long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i];
        }
        return out;
    }

    @Test
    void buildFileWritesInt40AndInt64ThatTheMappedCheckerAccepts() throws IOException {
        final byte[] text = HardTexts.random(4099, 4, 3);
        final Path t = Files.write(dir.resolve("t.txt"), text);
        final int[] expected = new SaisBuilder().build(text);
        for (final EntryFormat f : new EntryFormat[] {EntryFormat.INT40, EntryFormat.INT64, EntryFormat.INT32}) {
            final Path out = dir.resolve("t." + f.label());
            new LongSaisBuilder(SHIFT, 0).buildFile(t, out, f, SuffixArrayBuilder.Progress.NONE);
            assertThat(Files.size(out)).isEqualTo((long) f.width() * text.length);
            final IndexSequence mapped = MappedIndexSequence.open(out, f);
            for (int i = 0; i < text.length; i++) {
                assertThat(mapped.valueAt(i)).isEqualTo(expected[i]);
            }
            assertThat(SuffixArrayChecker.parallel(3).check(MappedByteSequence.open(t), mapped).isOk()).isTrue();
        }
    }

    @Test
    void progressEndsAtOneAndTheDefaultBuilderWorks() {
        final double[] last = {-1};
        final byte[] text = HardTexts.random(10_000, 26, 1);
        final LongPages sa = new LongSaisBuilder().build(ByteSequence.of(text), f -> {
            assertThat(f).isGreaterThanOrEqualTo(last[0]);
            last[0] = f;
        });
        assertThat(last[0]).isEqualTo(1.0);
        assertThat(SuffixArrayChecker.sequential().check(ByteSequence.of(text), sa).isOk()).isTrue();
    }

    @Test
    void pagedArraysCrossPagesAndRefuseBadShapes() {
        final LongPages p = new LongPages(130, SHIFT);
        p.fill(60, 70, 9);
        assertThat(p.get(59)).isZero();
        assertThat(p.get(64)).isEqualTo(9);
        assertThat(p.get(69)).isEqualTo(9);
        assertThat(p.get(70)).isZero();
        p.set(129, -5);
        assertThat(p.valueAt(129)).isEqualTo(-5);
        assertThat(new LongPages(0, SHIFT).length()).isZero();
        assertThatThrownBy(() -> new LongPages(10, 31)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LongSaisBuilder(27, 0)).isInstanceOf(IllegalArgumentException.class);
        final byte[] all = HardTexts.allBytes(300);
        final PagedBytes b = PagedBytes.copyOf(ByteSequence.of(all), SHIFT);
        final byte[] back = new byte[250];
        b.copyTo(40, back, 250);
        for (int i = 0; i < back.length; i++) {
            assertThat(back[i] & 0xFF).isEqualTo(b.get(40 + i)).isEqualTo(all[40 + i] & 0xFF);
        }
    }
}
