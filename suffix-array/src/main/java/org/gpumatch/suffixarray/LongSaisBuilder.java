package org.gpumatch.suffixarray;

import java.io.IOException;
import java.nio.file.Path;
import org.gpumatch.checker.ByteSequence;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.IndexSequence;

/**
 * CPU suffix arrays of texts over 2^31 - 1 bytes (up to {@link #MAX_LENGTH}): SA-IS with {@code long} indices over
 * paged heap arrays ({@link LongInducedSorting}) at the top level, the recursion back on the {@code int} SA-IS of
 * {@link SaisBuilder} ({@link InducedSorting}) as soon as the reduced string fits an {@code int} array, which on every
 * text up to about 4.3 GB (and real texts up to about 6.4 GB) is after the first level. The text is copied into
 * {@link PagedBytes} (or read from its file in pages), the suffix array is a {@link LongPages} of {@code long}
 * entries, and {@link #buildFile} writes it straight to an int40 or int64 file, so no n-sized Java array is ever made.
 * Same output as {@link SaisBuilder} (and libdivsufsort): unsigned bytes, a proper prefix first, no sentinel.
 *
 * <p>Cost: O(n), sequential; the top level is {@link InducedSorting}'s passes with a page lookup per access: 150 to
 * 205 ns per text byte on one thread of the 2-core development machine, 1.8 to 2.1 times {@link SaisBuilder} (the
 * module README). On {@code t > 1} threads every inducing pass of a level of at least a million symbols runs
 * {@code t - 1} lookahead helpers beside it ({@link LongSymbolLookahead} on long levels, {@link SymbolLookahead} on
 * int ones): 1.26 to 1.47 times faster on two threads (64 MB of source code, the same machine); 4.4 GB of mutated
 * copies of source code in 506 s on 5 threads of the H200 host (libdivsufsort's 64-bit build: 630 s). Memory per
 * text byte: 1 (the text in pages) + 8 (the suffix array) + 1/8 (LMS bits), plus 8m bytes for the reduced string and
 * its suffix array (m the LMS count: about n/3 on real text, at most n/2) and what the int level needs for them (less
 * than 2.5m bytes): measured with every allocation counted, 12.4 bytes per text byte on 213 MB of source code and
 * 12.6 to 13.1 on 256 to 512 MiB of random DNA. The output file is written from the pages into the mapped file on
 * all cores ({@link SuffixArrayFiles#write(IndexSequence, Path, EntryFormat)}). A text already in pages is not copied ({@link #build(PagedBytes, SuffixArrayBuilder.Progress)}).
 */
public final class LongSaisBuilder implements LongSuffixArrayBuilder {
    /** Largest text: 2^36 bytes (64 GiB; the LMS bits stay one {@code long[]} and the pages fewer than 2^31). */
    public static final long MAX_LENGTH = 1L << 36;

    /**
     * The build time per text byte on one thread that {@code --explain} quotes, ns (measured on the shared 2-core
     * development machine, 2026-11-25: see the module README).
     */
    public static final double NS_PER_BYTE = 200;
    /** Heap per text byte, text included, that {@code --explain} and the CLI's out-of-memory message quote. */
    public static final double HEAP_BYTES_PER_BYTE = 13;

    private final int pageShift;
    private final long intLimit;
    private final int threads;
    private final int lookaheadMin;

    /** A builder on one thread with pages of 2^26 entries (512 MiB of suffix array) and 2^30 bytes of text. */
    public LongSaisBuilder() {
        this(1);
    }

    /**
     * A builder with pages of 2^26 entries (512 MiB of suffix array) and 2^30 bytes of text.
     *
     * @param threads 1, or 2 and more: the inducing passes of every level of at least
     *                {@link InducedSorting#LOOKAHEAD_MIN} symbols then run {@code threads - 1}
     *                {@link LongSymbolLookahead} (or, on int levels, {@link SymbolLookahead}) helpers beside them
     */
    public LongSaisBuilder(final int threads) {
        this(LongPages.DEFAULT_SHIFT, SaisBuilder.MAX_LENGTH, threads, InducedSorting.LOOKAHEAD_MIN);
    }

    /**
     * For tests: tiny pages, and reduced strings of at most {@code intLimit} symbols on the int SA-IS (0: the long
     * recursion all the way down).
     *
     * @param pageShift log2 of the entries per page of every paged array (the text's pages too), 1 to 26
     * @param intLimit  reduced strings of at most this many symbols go to {@link InducedSorting}
     */
    LongSaisBuilder(final int pageShift, final long intLimit) {
        this(pageShift, intLimit, 1, InducedSorting.LOOKAHEAD_MIN);
    }

    /**
     * For tests: as {@link #LongSaisBuilder(int, long)}, on {@code threads} threads, with the helpers on every level
     * of at least {@code lookaheadMin} symbols.
     */
    LongSaisBuilder(final int pageShift, final long intLimit, final int threads, final int lookaheadMin) {
        if (pageShift < 1 || pageShift > LongPages.DEFAULT_SHIFT) {
            throw new IllegalArgumentException("page shift must be in [1, 26], got " + pageShift);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        this.pageShift = pageShift;
        this.intLimit = intLimit;
        this.threads = threads;
        this.lookaheadMin = lookaheadMin;
    }

    @Override
    public String name() {
        return threads == 1 ? "sais-long" : "sais-long-" + threads + "t";
    }

    /** @return the threads of a build: the scan and its lookahead helpers */
    public int threads() {
        return threads;
    }

    /** @return the predicted build time per text byte on this builder's threads, ns ({@code --explain}) */
    public double nsPerByte() {
        return NS_PER_BYTE / SaisBuilder.lookaheadSpeedup(threads);
    }

    /**
     * @param text     any bytes, at most {@link #MAX_LENGTH}; copied into pages (n bytes) unless it is
     *                 {@link PagedBytes}
     * @param progress receives the fraction done
     * @return the suffix array in pages ({@link LongPages}, a long-indexed {@link IndexSequence})
     */
    @Override
    public LongPages build(final ByteSequence text, final SuffixArrayBuilder.Progress progress) {
        if (text instanceof PagedBytes paged) {
            return build(paged, progress);
        }
        checkLength(text.length());
        return build(PagedBytes.copyOf(text, textShift()), progress);
    }

    /**
     * @param text     any bytes in pages, at most {@link #MAX_LENGTH}
     * @param progress receives the fraction done
     * @return the suffix array in pages
     */
    public LongPages build(final PagedBytes text, final SuffixArrayBuilder.Progress progress) {
        checkLength(text.length());
        final long n = text.length();
        final LongPages sa = new LongPages(n, pageShift);
        new LongInducedSorting(pageShift, intLimit, threads - 1, lookaheadMin).sort(text, null, sa, n, 256, progress);
        progress.report(1.0);
        return sa;
    }

    @Override
    public LongPages buildFile(final Path textFile, final Path out, final EntryFormat format,
                               final SuffixArrayBuilder.Progress progress) throws IOException {
        final PagedBytes text = PagedBytes.read(textFile, textShift());
        if (text.length() > 0 && text.length() - 1 > format.maxValue()) {
            throw new IllegalArgumentException("a text of " + text.length() + " bytes needs int40 or int64 entries, not "
                    + format.label());
        }
        final LongPages sa = build(text, progress);
        SuffixArrayFiles.write(sa, out, format);
        return sa;
    }

    /** The text's page size: 2^30 bytes, or the test's tiny pages. */
    private int textShift() {
        return pageShift == LongPages.DEFAULT_SHIFT ? PagedBytes.DEFAULT_SHIFT : pageShift;
    }

    private static void checkLength(final long n) {
        if (n > MAX_LENGTH) {
            throw new IllegalArgumentException("text of " + n + " bytes exceeds the long suffix array builder's limit "
                    + MAX_LENGTH);
        }
    }
}
