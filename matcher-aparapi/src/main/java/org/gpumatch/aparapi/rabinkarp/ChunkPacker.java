package org.gpumatch.aparapi.rabinkarp;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads and packs one memory-mapped window of the one-shot search with several threads: the window's words are cut
 * into one range per thread (at least {@link #MIN_WORDS_PER_TASK} words each), and each thread packs its range straight
 * from the mapping ({@link SymbolPacking#packFrom}): reading the file and packing it are one pass. The calling thread
 * packs the first range itself.
 *
 * <p>Cost: one read of each byte, {@code sigma / 8} bytes written per symbol. Memory: a 64 KiB scratch array per
 * thread. Not thread-safe: one window at a time. Close it to stop the threads.
 */
final class ChunkPacker implements AutoCloseable {
    /** Words below which a range is not split further (a task's start-up is a few microseconds). */
    static final int MIN_WORDS_PER_TASK = 1 << 14;

    private final int threads;
    private final ExecutorService pool;
    private final byte[][] scratch;

    /** A packer of {@code threads} threads (the caller's included). */
    ChunkPacker(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("pack threads must be at least 1: " + threads);
        }
        this.threads = threads;
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, "gpumatch-pack");
            t.setDaemon(true);
            return t;
        });
        this.scratch = new byte[threads][1 << 16];
    }

    int threads() {
        return threads;
    }

    /**
     * Packs the {@code symbols} bytes of {@code window} into {@code words} from word 0 with {@code packing}; false when
     * a byte has no code in it (the words are then partly written).
     */
    boolean pack(ByteBuffer window, int symbols, SymbolPacking packing, int[] words) {
        int spw = packing.symbolsPerWord();
        int dataWords = (symbols + spw - 1) / spw;
        int tasks = (int) Math.max(1, Math.min(threads, (long) dataWords / MIN_WORDS_PER_TASK));
        int per = (dataWords + tasks - 1) / tasks;
        List<Future<Boolean>> others = new ArrayList<>();
        for (int t = 1; t < tasks; t++) {
            int firstWord = t * per;
            if (firstWord >= dataWords) {
                break;
            }
            int lastWord = Math.min(dataWords, firstWord + per);
            byte[] mine = scratch[t];
            Callable<Boolean> task = () -> range(window, symbols, packing, words, firstWord, lastWord, mine);
            others.add(pool.submit(task));
        }
        boolean ok = range(window, symbols, packing, words, 0, Math.min(dataWords, per), scratch[0]);
        for (Future<Boolean> f : others) {
            try {
                ok &= f.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while packing", e);
            }
        }
        return ok;
    }

    private static boolean range(ByteBuffer window, int symbols, SymbolPacking p, int[] words, int firstWord,
                                 int lastWord, byte[] scratch) {
        int spw = p.symbolsPerWord();
        int from = firstWord * spw;
        int to = (int) Math.min(symbols, (long) lastWord * spw);
        return p.packFrom(window, from, to - from, words, firstWord, scratch);
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
