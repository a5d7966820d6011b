package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.gpumatch.checker.ByteSequence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link LongSymbolLookahead} over pages of 64 entries (every block crosses pages): every block's seen entries and
 * symbols, the helpers' stop, and the long block passes' use of stale buffers.
 */
@Timeout(120) // a helper that died would leave the waiting scan below spinning
class LongSymbolLookaheadTest {
    private static final int SHIFT = 6;
    private static final int BLOCK = BlockLookahead.BLOCK;

    private static LongPages pages(final long[] values) {
        final LongPages p = new LongPages(values.length, SHIFT);
        for (int i = 0; i < values.length; i++) {
            p.set(i, values[i]);
        }
        return p;
    }

    /** Starts a lookahead's helpers on threads of their own (for a test's scan that waits for every block). */
    static Thread[] startHelpers(final BlockLookahead ahead, final int helpers) {
        final Thread[] threads = new Thread[helpers];
        for (int h = 0; h < helpers; h++) {
            threads[h] = new Thread(ahead.helper(h));
            threads[h].start();
        }
        return threads;
    }

    /** Asserts that the helpers end once the scan has finished its last block. */
    static void assertStopped(final Thread[] threads) throws InterruptedException {
        for (final Thread th : threads) {
            th.join(10_000);
            assertThat(th.isAlive()).as("the lookahead ends with the scan").isFalse();
        }
    }

    @Test
    void fillsEveryBlockWithTheEntriesItSawAndTheirSymbolsInScanOrder() throws InterruptedException {
        final Random r = new Random(5);
        for (final int helpers : new int[] {1, 2, 3}) {
            final int n = 3 * BLOCK * BlockLookahead.buffersFor(helpers) + 17;
            final byte[] t = HardTexts.random(n, 256, 7);
            final PagedBytes bytes = PagedBytes.copyOf(ByteSequence.of(t), SHIFT);
            final long[] names = new long[n];
            for (int i = 0; i < n; i++) {
                names[i] = (1L << 33) + r.nextInt(1000); // names past the int range
            }
            final long[] entries = new long[n];
            for (int i = 0; i < n; i++) {
                entries[i] = r.nextInt(4) == 0 ? ~r.nextInt(n) : r.nextInt(n); // complemented and zero entries too
            }
            final LongPages sa = pages(entries);
            for (final boolean onNames : new boolean[] {false, true}) {
                for (final boolean descending : new boolean[] {false, true}) {
                    final LongSymbolLookahead ahead = new LongSymbolLookahead(onNames ? null : bytes,
                            onNames ? pages(names) : null, sa, n, descending, helpers);
                    assertThat(ahead.blocks()).isEqualTo((n + BLOCK - 1) / BLOCK);
                    final Thread[] threads = startHelpers(ahead, helpers);
                    long covered = 0;
                    for (int x = 0; x < ahead.blocks(); x++) {
                        while (!ahead.ready(x)) {
                            Thread.onSpinWait(); // a scan that waits: every block must become ready in turn
                        }
                        final int b = ahead.buffer(x);
                        final long lo = ahead.blockStart(x);
                        final long hi = ahead.blockEnd(x);
                        covered += hi - lo;
                        for (long i = lo; i < hi; i++) {
                            final int k = (int) (i - lo);
                            final long p = entries[(int) i];
                            assertThat(ahead.seen[b][k]).isEqualTo(p);
                            if (p > 1) {
                                final int q = (int) p;
                                assertThat(ahead.firsts[b][k]).isEqualTo(onNames ? names[q - 1] : t[q - 1] & 0xFF);
                                assertThat(ahead.seconds[b][k]).isEqualTo(onNames ? names[q - 2] : t[q - 2] & 0xFF);
                            }
                        }
                        ahead.finished(x);
                    }
                    assertStopped(threads);
                    assertThat(covered).isEqualTo(n);
                }
            }
        }
    }

    /** A scan that never waits (scanBlocks): helpers behind it catch up, and all stop with it. */
    @Test
    void scanBlocksSeesReadyBlocksOnlyAndStopsTheHelpers() {
        final int n = 100 * BLOCK + 3;
        final byte[] t = HardTexts.random(n, 4, 3);
        final long[] entries = new long[n];
        for (int i = 0; i < n; i++) {
            entries[i] = (i * 7919L) % n;
        }
        final LongPages sa = pages(entries);
        for (final int helpers : new int[] {1, 3}) {
            final LongSymbolLookahead ahead = new LongSymbolLookahead(PagedBytes.copyOf(ByteSequence.of(t), SHIFT),
                    null, sa, n, true, helpers);
            final long[] covered = {0};
            ahead.scanBlocks((lo, hi, seen, firsts, seconds) -> {
                covered[0] += hi - lo;
                for (long i = lo; seen != null && i < hi; i++) {
                    final long p = entries[(int) i];
                    assertThat(seen[(int) (i - lo)]).isEqualTo(p);
                    if (p > 1) {
                        assertThat(firsts[(int) (i - lo)]).isEqualTo(t[(int) p - 1] & 0xFF);
                    }
                }
            });
            assertThat(covered[0]).isEqualTo(n);
        }
    }

    /** Stale buffers (entries the scan rewrote after the lookahead saw them) must not be used: the text decides. */
    @Test
    void theLongBlockPassesUseBufferedSymbolsOnlyForEntriesStillHoldingTheSeenValue() {
        final Random r = new Random(9);
        final int n = 3000;
        final long[] text = new long[n];
        for (int i = 0; i < n; i++) {
            text[i] = r.nextInt(50);
        }
        final LongPages names = pages(text);
        final int lo = 1000;
        final int hi = lo + BLOCK;
        for (final boolean left : new boolean[] {true, false}) {
            for (final boolean lmsOnly : new boolean[] {true, false}) {
                final long[] entries = new long[hi + 50 * BLOCK]; // bucket c: [hi + c BLOCK, hi + (c + 1) BLOCK)
                for (int i = lo; i < hi; i++) {
                    final int kind = r.nextInt(4);
                    entries[i] = kind == 0 ? 0 : kind == 1 ? ~(long) r.nextInt(n) : r.nextInt(n - 1) + 1;
                }
                final long[] seen = new long[BLOCK];
                final long[] firsts = new long[BLOCK];
                final long[] seconds = new long[BLOCK];
                for (int i = lo; i < hi; i++) {
                    final long s = entries[i];
                    final boolean stale = r.nextBoolean();
                    final int p = (int) Math.max(s, 0);
                    seen[i - lo] = stale ? s + 1 : s; // a stale entry: its symbols are wrong for s
                    firsts[i - lo] = stale ? 49 - text[Math.max(p - 1, 0)] : text[Math.max(p - 1, 0)];
                    seconds[i - lo] = stale ? 7 : text[Math.max(p - 2, 0)];
                }
                final LongPages plain = pages(entries);
                final LongPages buffered = pages(entries);
                final long[] starts = new long[50];
                for (int c = 0; c < 50; c++) {
                    starts[c] = hi + (left ? c : c + 1) * (long) BLOCK;
                }
                final LongPages bucketPlain = pages(starts);
                final LongPages bucketBuffered = pages(starts);
                if (left) {
                    LongInducedSorting.leftBlock(null, names, plain, lo, hi, bucketPlain, lmsOnly, null, firsts,
                            seconds);
                    LongInducedSorting.leftBlock(null, names, buffered, lo, hi, bucketBuffered, lmsOnly, seen, firsts,
                            seconds);
                } else {
                    LongInducedSorting.rightBlock(null, names, plain, lo, hi, bucketPlain, lmsOnly, null, firsts,
                            seconds);
                    LongInducedSorting.rightBlock(null, names, buffered, lo, hi, bucketBuffered, lmsOnly, seen, firsts,
                            seconds);
                }
                final long[] want = new long[entries.length];
                final long[] got = new long[entries.length];
                plain.copyTo(0, want, want.length);
                buffered.copyTo(0, got, got.length);
                assertThat(got).as("left %s lmsOnly %s", left, lmsOnly).isEqualTo(want);
                final long[] bucketWant = new long[50];
                final long[] bucketGot = new long[50];
                bucketPlain.copyTo(0, bucketWant, 50);
                bucketBuffered.copyTo(0, bucketGot, 50);
                assertThat(bucketGot).isEqualTo(bucketWant);
            }
        }
    }
}
