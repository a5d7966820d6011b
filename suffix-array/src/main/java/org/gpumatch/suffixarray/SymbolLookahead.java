package org.gpumatch.suffixarray;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * A second thread for one inducing pass of {@link InducedSorting} (over a byte text or the int names of a lower level):
 * it runs a block or two ahead of the scan and loads, for every entry {@code s} of a block, the symbols
 * {@code t[s - 1]} and {@code t[s - 2]} (random reads of the text, the cache misses of inducing), so the scanning
 * thread finds them in a small buffer. libsais
 * prefetches the same symbols with a lookahead; Java has no prefetch, and loading them ahead on the same thread
 * measured slower (loads that stall retirement), hence a thread of its own.
 *
 * <p>Exact whatever the timing: the lookahead reads entries the scan may still rewrite (a benign race: an {@code int}
 * read sees some value written), so it records the entry it saw beside its symbols, and the scan uses the symbols only
 * where the entry it reads now is that same value (the symbols are a function of it); elsewhere it reads the text
 * itself. The scan never waits: a block whose buffer is not ready is scanned as without lookahead. {@link #BUFFERS}
 * buffers of {@link #BLOCK} entries: the lookahead fills block {@code q} only after the scan finished block
 * {@code q - BUFFERS}, the previous user of that buffer, and publishes it by a volatile tag; the scan reads the tag
 * once per block. (The further ahead, the more entries the scan rewrites after the lookahead read them: measured on
 * source code, 97 to 99% of a ready block's entries still hold the value seen.)
 *
 * <p>Cost: 12 bytes per buffered entry (entry and two symbols: 192 KiB), one thread for the pass.
 */
final class SymbolLookahead implements Runnable {
    /** Entries per block. */
    static final int BLOCK = 2048;
    /**
     * Busy waits (about a millisecond) before the lookahead yields its core while it is a full ring ahead: a yield on
     * a loaded machine gave the core away for whole time slices, and the scan went on without lookahead.
     */
    private static final int SPINS = 1 << 14;
    /** Buffers: the lookahead runs at most this many blocks ahead of the scan. */
    static final int BUFFERS = 8;

    private final byte[] bytes;
    private final int[] ints;
    private final int[] sa;
    private final int n;
    private final boolean descending;
    private final int blocks;
    final int[][] seen = new int[BUFFERS][BLOCK];
    final int[][] firsts = new int[BUFFERS][BLOCK];
    final int[][] seconds = new int[BUFFERS][BLOCK];
    private final AtomicIntegerArray tags = new AtomicIntegerArray(BUFFERS);
    private volatile int done = -1;

    /**
     * @param bytes      the text as bytes, or null
     * @param ints       the text as ints, or null (exactly one of the two)
     * @param sa         the array being scanned
     * @param n          the scanned length
     * @param descending true for a right-to-left scan (block 0 ends at n)
     */
    SymbolLookahead(final byte[] bytes, final int[] ints, final int[] sa, final int n, final boolean descending) {
        this.bytes = bytes;
        this.ints = ints;
        this.sa = sa;
        this.n = n;
        this.descending = descending;
        this.blocks = (int) ((n + (long) BLOCK - 1) / BLOCK);
        for (int b = 0; b < BUFFERS; b++) {
            tags.set(b, -1);
        }
    }

    int blocks() {
        return blocks;
    }

    /** @return the first index of block x in the array */
    int low(final int x) {
        return descending ? Math.max(0, n - (x + 1) * BLOCK) : x * BLOCK;
    }

    /** @return one past the last index of block x */
    int high(final int x) {
        return descending ? n - x * BLOCK : Math.min(n, (x + 1) * BLOCK);
    }

    /** @return the buffer of block x */
    static int buffer(final int x) {
        return x & (BUFFERS - 1);
    }

    /** @return whether block x's buffer holds block x; read once before scanning the block */
    boolean ready(final int x) {
        return tags.get(buffer(x)) == x;
    }

    /** The scan has finished block x (its buffer may be refilled). */
    void finished(final int x) {
        done = x;
    }

    /** Ends the lookahead (the scan is over, or failed). */
    void stop() {
        done = blocks - 1;
    }

    /** @return symbol i of the text (unsigned byte or int) */
    static int symbol(final byte[] bytes, final int[] ints, final int i) {
        return bytes != null ? bytes[i] & 0xFF : ints[i];
    }

    @Override
    public void run() {
        int q = 0;
        int spins = 0;
        while (q < blocks) {
            final int d = done;
            if (d >= blocks - 1) {
                return;
            }
            if (q <= d) {
                q = d + 1; // behind the scan: catch up
            }
            if (q > d + BUFFERS) {
                if (++spins < SPINS) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
                continue;
            }
            spins = 0;
            final int b = buffer(q);
            final int[] s = seen[b];
            final int[] first = firsts[b];
            final int[] second = seconds[b];
            final int lo = low(q);
            final int hi = high(q);
            for (int i = lo; i < hi; i++) {
                final int e = sa[i];
                s[i - lo] = e;
                first[i - lo] = symbol(bytes, ints, Math.max(e - 1, 0)); // e <= 0: never used
                second[i - lo] = symbol(bytes, ints, Math.max(e - 2, 0));
            }
            tags.set(b, q);
            q++;
        }
    }
}
