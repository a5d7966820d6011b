package org.gpumatch.suffixarray;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The schedule of an inducing pass's lookahead helpers, whatever they load ({@link SymbolLookahead} over {@code int}
 * arrays, {@link LongSymbolLookahead} over paged {@code long} ones): the pass is cut into blocks of {@link #BLOCK}
 * entries in scan order; with {@code h} helpers, helper {@code r} fills the blocks {@code q = r (mod h)} into buffer
 * {@code q mod buffers()} (a multiple of h, so each buffer has one writer), and only after the scan finished block
 * {@code q - buffers()}, the previous user of that buffer; it publishes a block by a volatile tag, which the scan
 * reads once per block. The scan never waits: a block whose buffer is not ready is scanned without it.
 */
abstract class BlockLookahead {
    /** Entries per block. */
    static final int BLOCK = 2048;
    /**
     * Busy waits (about a millisecond) before a helper yields its core while it is a full ring ahead: a yield on a
     * loaded machine gave the core away for whole time slices, and the scan went on without lookahead.
     */
    private static final int SPINS = 1 << 14;

    private final long n;
    private final boolean descending;
    private final int helpers;
    private final int buffers;
    private final int blocks;
    private final AtomicIntegerArray tags;
    private volatile int done = -1;

    /**
     * @param n          the scanned length (at most {@code 2^31 - 1} blocks)
     * @param descending true for a right-to-left scan (block 0 ends at n)
     * @param helpers    the number of helper threads ({@link #helper(int)}), at least 1
     */
    BlockLookahead(final long n, final boolean descending, final int helpers) {
        if (helpers < 1) {
            throw new IllegalArgumentException("at least one helper, got " + helpers);
        }
        this.n = n;
        this.descending = descending;
        this.helpers = helpers;
        this.buffers = buffersFor(helpers);
        this.blocks = Math.toIntExact((n + BLOCK - 1) / BLOCK);
        this.tags = new AtomicIntegerArray(buffers);
        for (int b = 0; b < buffers; b++) {
            tags.set(b, -1);
        }
    }

    /** @return the buffers of a lookahead with this many helpers: 8 for one, else 4 per helper (a multiple of it) */
    static int buffersFor(final int helpers) {
        return helpers == 1 ? 8 : 4 * helpers;
    }

    int blocks() {
        return blocks;
    }

    /** @return the number of buffers: helpers run at most this many blocks ahead of the scan */
    int buffers() {
        return buffers;
    }

    /** @return the first index of block x in the array */
    long blockStart(final int x) {
        return descending ? Math.max(0, n - (x + 1L) * BLOCK) : (long) x * BLOCK;
    }

    /** @return one past the last index of block x */
    long blockEnd(final int x) {
        return descending ? n - (long) x * BLOCK : Math.min(n, (x + 1L) * BLOCK);
    }

    /** @return the buffer of block x */
    int buffer(final int x) {
        return x % buffers;
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

    /** @return the body of helper r in {@code [0, helpers)}: it fills the blocks {@code q = r (mod helpers)} */
    Runnable helper(final int r) {
        return () -> fill(r);
    }

    /** Loads block q into buffer b (on a helper thread; the buffer is this helper's alone until it is published). */
    abstract void load(int q, int b);

    private void fill(final int r) {
        int q = r;
        int spins = 0;
        while (q < blocks) {
            final int d = done;
            if (d >= blocks - 1) {
                return;
            }
            if (q <= d) {
                q += (d - q) / helpers * helpers + helpers; // behind the scan: the first own block after it
                continue;
            }
            if (q > d + buffers) {
                if (++spins < SPINS) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
                continue;
            }
            spins = 0;
            final int b = buffer(q);
            load(q, b);
            tags.set(b, q);
            q += helpers;
        }
    }

    /** One block of a pass as the scan meets it. */
    @FunctionalInterface
    interface Visit {
        /**
         * @param x     the block, in scan order
         * @param b     its buffer
         * @param ready whether the buffer holds block x
         */
        void block(int x, int b, boolean ready);
    }

    /**
     * Runs the whole pass on this thread, block by block in scan order, with the helpers beside it; returns when the
     * pass is done and the helpers have stopped.
     */
    void visitBlocks(final Visit body) {
        runBeside(() -> {
            for (int x = 0; x < blocks; x++) {
                final int b = buffer(x);
                body.block(x, b, ready(x));
                finished(x);
            }
        });
    }

    /**
     * Runs {@code scan} on this thread with the helpers on threads of their own, which it then stops and joins.
     */
    void runBeside(final Runnable scan) {
        final Thread[] threads = new Thread[helpers];
        for (int r = 0; r < helpers; r++) {
            threads[r] = new Thread(helper(r), "gpumatch-sais-lookahead-" + r);
            threads[r].setDaemon(true);
            threads[r].start();
        }
        try {
            scan.run();
        } finally {
            stop();
            boolean interrupted = false;
            for (Thread t : threads) {
                while (true) {
                    try {
                        t.join();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
