package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
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

    /** Helpers are left out on locally regular texts (few distinct 8-byte windows), kept on varied ones. */
    @Test
    void helpersPayOnVariedTextsOnly() {
        int n = 1 << 20;
        Map<String, byte[]> hard = HardTexts.hard(n);
        for (String regular : new String[] {"repeated 0x00", "repeated 0xFF", "fibonacci", "thue-morse",
                "tandem period 7"}) {
            assertThat(SymbolLookahead.pays(hard.get(regular))).as(regular).isFalse();
        }
        for (String varied : new String[] {"random 256", "random binary", "random doubled", "all bytes",
                "tandem period 1000"}) {
            assertThat(SymbolLookahead.pays(hard.get(varied))).as(varied).isTrue();
        }
        assertThat(SymbolLookahead.pays(new byte[7])).isFalse();
        assertThat(SymbolLookahead.pays(HardTexts.random(1000, 256, 3))).isTrue();
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
