package org.gpumatch.sequence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A genome being read on background threads ({@link FastaReader#start}), whose packed bases can be used while later
 * ones are still read: {@link #awaitBases} waits until a prefix of the genome is final in {@link #baseWords()} and
 * {@link #exceptionWords()} (the genome's own arrays, {@link PackedGenome}'s layout). Plain FASTA files become final
 * block by block, in file order; gzipped and 2bit input only at the end. Records, exception symbols and the length are
 * known once {@link #genome()} returns. Bits past the final prefix may still change (the word holding its end is
 * shared with the next block). Thread-safe.
 */
public final class GenomeReading {
    private final Thread thread;
    private int[] baseWords;
    private int[] exceptionWords;
    private long finalBases;
    private boolean progressive;
    private PackedGenome genome;
    private Throwable failure;

    private GenomeReading(Path path, int threads, int blockBytes) {
        thread = new Thread(() -> {
            try {
                PackedGenome g = FastaReader.read(path, threads, blockBytes, this);
                synchronized (this) {
                    genome = g;
                    notifyAll();
                }
            } catch (IOException | RuntimeException | Error e) {
                synchronized (this) {
                    failure = e;
                    notifyAll();
                }
            }
        }, "genome-reading");
        thread.setDaemon(true);
    }

    static GenomeReading start(Path path, int threads, int blockBytes) {
        GenomeReading r = new GenomeReading(path, threads, blockBytes);
        r.thread.start();
        return r;
    }

    /** Called by the reader: the genome's arrays (allocated for an upper bound on its length), bases made final later. */
    synchronized void allocated(int[] words, int[] exceptions) {
        baseWords = words;
        exceptionWords = exceptions;
        progressive = true;
        notifyAll();
    }

    /** Called by the reader: bases {@code [0, bases)} are final in the arrays. */
    synchronized void finalBases(long bases) {
        if (bases > finalBases) {
            finalBases = bases;
            notifyAll();
        }
    }

    /**
     * Waits until at least {@code bases} bases are final or the genome is read; returns how many are final (the
     * genome's length once it is read, which may be less than asked). A read error is thrown here (an {@link
     * IOException} such as {@link SequenceFormatException}).
     */
    public synchronized long awaitBases(long bases) throws IOException {
        waitWhile(() -> finalBases < bases);
        return genome != null ? genome.length() : finalBases;
    }

    /** Whether the whole genome is read (then {@link #genome()} returns at once). */
    public synchronized boolean isDone() {
        return genome != null;
    }

    /**
     * Whether bases become final while reading (plain FASTA); waits until that is known. Otherwise (gzip, 2bit) the
     * first {@link #awaitBases} returns only at the end.
     */
    public synchronized boolean progressive() throws IOException {
        waitWhile(() -> !progressive);
        return progressive;
    }

    /**
     * Waits (holding this object's monitor) while the genome is neither read nor failed and {@code pending} holds,
     * then throws the read's error if there was one.
     */
    private void waitWhile(java.util.function.BooleanSupplier pending) throws IOException {
        while (genome == null && failure == null && pending.getAsBoolean()) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while reading the genome", e);
            }
        }
        rethrow();
    }

    /** The genome's base words (valid once {@link #awaitBases} returned more than 0). */
    public synchronized int[] baseWords() {
        return genome != null ? genome.baseWords() : baseWords;
    }

    /** The genome's exception words (valid once {@link #awaitBases} returned more than 0). */
    public synchronized int[] exceptionWords() {
        return genome != null ? genome.exceptionWords() : exceptionWords;
    }

    /** Waits for the whole genome. */
    public PackedGenome genome() throws IOException {
        awaitBases(Long.MAX_VALUE);
        synchronized (this) {
            return genome;
        }
    }

    private void rethrow() throws IOException {
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof RuntimeException re) {
            throw re;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new UncheckedIOException(new IOException(failure));
        }
    }
}
