package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120) // a helper that died would leave the waiting scan below spinning
class SymbolLookaheadTest {
    private static final int BLOCK = SymbolLookahead.BLOCK;

    @Test
    void fillsEveryBlockWithTheEntriesItSawAndTheirSymbolsInScanOrder() throws InterruptedException {
        Random r = new Random(5);
        for (int helpers : new int[] {1, 2, 3, 5}) {
            int buffers = SymbolLookahead.buffersFor(helpers);
            assertThat(buffers % helpers).as("each buffer has one writer").isZero();
            int n = 5 * BLOCK * buffers + 17;
            byte[] t = HardTexts.random(n, 256, 7);
            int[] sa = new int[n];
            for (int i = 0; i < n; i++) {
                sa[i] = r.nextInt(4) == 0 ? ~r.nextInt(n) : r.nextInt(n); // complemented and zero entries included
            }
            for (int mask : new int[] {-1, (1 << 30) - 1}) {
                for (boolean descending : new boolean[] {false, true}) {
                    SymbolLookahead ahead = new SymbolLookahead(t, null, sa, n, descending, helpers, mask);
                    assertThat(ahead.blocks()).isEqualTo((n + BLOCK - 1) / BLOCK);
                    assertThat(ahead.buffers()).isEqualTo(buffers);
                    Thread[] threads = LongSymbolLookaheadTest.startHelpers(ahead, helpers);
                    int covered = 0;
                    for (int x = 0; x < ahead.blocks(); x++) {
                        while (!ahead.ready(x)) {
                            Thread.onSpinWait(); // a scan that waits: every block must become ready in turn
                        }
                        int b = ahead.buffer(x);
                        int lo = ahead.low(x);
                        int hi = ahead.high(x);
                        covered += hi - lo;
                        for (int i = lo; i < hi; i++) {
                            int s = sa[i];
                            int p = s & mask;
                            assertThat(ahead.seen[b][i - lo]).isEqualTo(s);
                            if (p > 1 && p < n) {
                                assertThat(ahead.firsts[b][i - lo]).isEqualTo(t[p - 1] & 0xFF);
                                assertThat(ahead.seconds[b][i - lo]).isEqualTo(t[p - 2] & 0xFF);
                            }
                        }
                        ahead.finished(x);
                    }
                    LongSymbolLookaheadTest.assertStopped(threads);
                    assertThat(covered).isEqualTo(n);
                }
            }
        }
    }

    /** A scan that never waits and skips ahead: the helpers catch up behind it and stop with it. */
    @Test
    void helpersBehindTheScanCatchUpAndStop() throws InterruptedException {
        int n = 200 * BLOCK + 3;
        byte[] t = HardTexts.random(n, 4, 3);
        int[] sa = new int[n];
        for (int i = 0; i < n; i++) {
            sa[i] = (int) ((i * 7919L) % n);
        }
        for (int helpers : new int[] {1, 4}) {
            SymbolLookahead ahead = new SymbolLookahead(t, null, sa, n, false, helpers, -1);
            ahead.runBeside(() -> {
                for (int x = 0; x < ahead.blocks(); x++) {
                    if (ahead.ready(x)) {
                        int b = ahead.buffer(x);
                        int lo = ahead.low(x);
                        for (int i = lo; i < ahead.high(x); i++) {
                            int s = sa[i];
                            assertThat(ahead.seen[b][i - lo]).isEqualTo(s);
                            if (s > 1) {
                                assertThat(ahead.firsts[b][i - lo]).isEqualTo(t[s - 1] & 0xFF);
                            }
                        }
                    }
                    ahead.finished(x);
                }
            });
        }
    }

    /**
     * The scan's writes ahead refresh the buffers of blocks that are ready (entry, first symbol, second unknown) and
     * leave every other block alone: behind the scan, beyond the ring, or not yet filled.
     */
    @Test
    void writesAheadRefreshReadyBuffersOnly() throws InterruptedException {
        int n = 40 * BLOCK + 5;
        byte[] t = HardTexts.random(n, 256, 11);
        int[] sa = new int[n];
        for (int i = 0; i < n; i++) {
            sa[i] = (int) ((i * 40503L) % n);
        }
        for (boolean descending : new boolean[] {false, true}) {
            SymbolLookahead ahead = new SymbolLookahead(t, null, sa, n, descending, 1, -1);
            int buffers = ahead.buffers();
            Thread helper = new Thread(ahead.helper(0));
            helper.start();
            for (int x = 0; x < buffers; x++) {
                while (!ahead.ready(x)) {
                    Thread.onSpinWait(); // blocks 0 .. buffers - 1 filled; the helper waits for the scan now
                }
            }
            ahead.beginBlock(1);
            int inBlock3 = ahead.low(3) + 7;
            ahead.wrote(inBlock3, -5, 77);
            int b3 = ahead.buffer(3);
            assertThat(ahead.seen[b3][7]).isEqualTo(-5);
            assertThat(ahead.firsts[b3][7]).isEqualTo(77);
            assertThat(ahead.seconds[b3][7]).isEqualTo(SymbolLookahead.UNKNOWN);
            int b0 = ahead.buffer(0);
            int[] before0 = ahead.seen[b0].clone();
            ahead.wrote(ahead.low(0) + 3, -6, 78); // behind the scan
            assertThat(ahead.seen[b0]).isEqualTo(before0);
            int[][] all = new int[buffers][];
            for (int b = 0; b < buffers; b++) {
                all[b] = ahead.seen[b].clone();
            }
            ahead.wrote(ahead.low(1 + buffers) + 3, -7, 79); // beyond the ring: not buffered yet
            for (int b = 0; b < buffers; b++) {
                assertThat(ahead.seen[b]).as("buffer %d", b).isEqualTo(all[b]);
            }
            ahead.stop();
            helper.join(10_000);
            assertThat(helper.isAlive()).isFalse();
        }
    }

    /** Stale buffers (entries the scan rewrote after the lookahead saw them) must not be used: the text decides. */
    @Test
    void aBlockUsesBufferedSymbolsOnlyForEntriesStillHoldingTheSeenValue() {
        Random r = new Random(9);
        int n = 3000;
        int[] names = new int[n];
        for (int i = 0; i < n; i++) {
            names[i] = r.nextInt(50);
        }
        int lo = 1000;
        int hi = 1000 + BLOCK;
        for (boolean left : new boolean[] {true, false}) {
            for (boolean lmsOnly : new boolean[] {true, false}) {
                int[] plain = new int[hi + 50 * BLOCK]; // bucket c writes into [hi + c BLOCK, hi + (c + 1) BLOCK)
                for (int i = lo; i < hi; i++) {
                    plain[i] = r.nextInt(3) == 0 ? 0 : r.nextInt(n - 1) + 1;
                }
                int[] buffered = plain.clone();
                int[] seen = new int[BLOCK];
                int[] firsts = new int[BLOCK];
                int[] seconds = new int[BLOCK];
                for (int i = lo; i < hi; i++) {
                    int s = plain[i];
                    boolean stale = r.nextBoolean();
                    seen[i - lo] = stale ? s + 1 : s; // a stale entry: its symbols are wrong for s
                    firsts[i - lo] = stale ? 49 - names[Math.max(s - 1, 0)] : names[Math.max(s - 1, 0)];
                    seconds[i - lo] = stale ? 7 : names[Math.max(s - 2, 0)];
                }
                int[] bucketPlain = new int[50];
                int[] bucketBuffered = new int[50];
                for (int c = 0; c < 50; c++) {
                    bucketPlain[c] = hi + (left ? c : c + 1) * BLOCK;
                    bucketBuffered[c] = bucketPlain[c];
                }
                if (left) {
                    InducedSorting.leftBlock(null, names, plain, lo, hi, bucketPlain, lmsOnly, null, firsts, seconds);
                    InducedSorting.leftBlock(null, names, buffered, lo, hi, bucketBuffered, lmsOnly, seen, firsts,
                            seconds);
                } else {
                    InducedSorting.rightBlock(null, names, plain, lo, hi, bucketPlain, lmsOnly, null, firsts, seconds);
                    InducedSorting.rightBlock(null, names, buffered, lo, hi, bucketBuffered, lmsOnly, seen, firsts,
                            seconds);
                }
                assertThat(buffered).as("left %s lmsOnly %s", left, lmsOnly).isEqualTo(plain);
                assertThat(bucketBuffered).isEqualTo(bucketPlain);
            }
        }
    }
}
