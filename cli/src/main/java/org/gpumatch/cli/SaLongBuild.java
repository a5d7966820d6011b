package org.gpumatch.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.IndexSequence;
import org.gpumatch.checker.MappedByteSequence;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.checker.Verdict;
import org.gpumatch.suffixarray.LongLcpArrays;
import org.gpumatch.suffixarray.LongSaisBuilder;
import org.gpumatch.suffixarray.PagedBytes;
import org.gpumatch.suffixarray.SuffixArrayFiles;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.gpumatch.suffixarray.gpu.SuffixArrayBuilders;

/**
 * {@code sa build} of a text file over 2,147,483,639 bytes (the {@code int} limit of every other builder): built on
 * the CPU by {@link LongSaisBuilder} (SA-IS with long indices over paged heap arrays, about
 * {@link LongSaisBuilder#HEAP_BYTES_PER_BYTE} bytes of heap per text byte) and written straight to an int40 or int64
 * file; {@code --verify} runs the checker over the mapped text and the array in memory; {@code --lcp} writes the LCP
 * array in the same format ({@link LongLcpArrays} on the given threads: the text read again into pages and 8 bytes
 * of PLCP per text byte beside the array). {@code -a gpu} is a one-line error (the GPU builder's arrays are
 * int-indexed), as are int32 output of a text over 2^31 bytes and {@code --bwt} (not yet on this path).
 */
final class SaLongBuild {
    private final Io io;
    private final boolean quiet;
    private final boolean explain;
    /** The last tenth of the build a progress line was printed for. */
    private int shownTenth = -1;

    SaLongBuild(Io io, boolean quiet, boolean explain) {
        this.io = io;
        this.quiet = quiet;
        this.explain = explain;
    }

    /**
     * @param unsupported the name of an option this path does not offer yet, or null
     * @return the exit code
     */
    int run(Path text, long size, Path out, EntryFormat format, SuffixArrayBuilders.Algorithm algorithm,
            DevicePolicy policy, int cpuThreads, boolean verify, Path lcp, String unsupported) {
        if (size > 0 && size - 1 > format.maxValue()) {
            throw new CliException(text + " has " + size + " bytes: " + format.label() + " entries index at most "
                    + (format.maxValue() + 1) + "; use --format int40 (5 bytes per entry) or int64");
        }
        if (unsupported != null) {
            throw new CliException(unsupported + " is not available yet for texts over " + Integer.MAX_VALUE
                    + " bytes (" + text + " has " + size + ")");
        }
        SuffixArrayBuilders.LongChoice choice;
        try {
            choice = SuffixArrayBuilders.chooseLong(algorithm, policy, size,
                    explain ? line -> io.err().println(Diagnostics.PREFIX + "sa build: " + line) : null, cpuThreads);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        if (!quiet && !choice.notice().isEmpty()) {
            io.err().println(Diagnostics.PREFIX + choice.notice());
        }
        boolean talk = !quiet && size >= SaBuildCommand.PROGRESS_MIN_BYTES;
        IndexSequence sa;
        long start = System.nanoTime();
        try (var builder = choice.builder()) {
            sa = builder.buildFile(text, out, format, talk ? this::progress : SuffixArrayBuilder.Progress.NONE);
            if (talk) {
                double s = (System.nanoTime() - start) / 1e9;
                io.err().printf(Locale.ROOT, "%ssa build: %d bytes in %.2f s (%.1f MB/s) with %s, written as %s%n",
                        Diagnostics.PREFIX, size, s, size / s / 1e6, builder.name(), format.label());
            }
        } catch (IOException e) {
            throw new CliException("cannot build " + out + " from " + text + ": " + TextFiles.describe(e));
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        } catch (OutOfMemoryError e) {
            throw new CliException(String.format(Locale.ROOT, "not enough Java heap to build the suffix array of %s:"
                    + " %s needs about %.0f bytes per text byte (%.1f GB here); raise the heap (GPUMATCH_HEAP)", text,
                    "sais-long", LongSaisBuilder.HEAP_BYTES_PER_BYTE, size * LongSaisBuilder.HEAP_BYTES_PER_BYTE / 1e9));
        }
        if (lcp != null) {
            writeLcp(text, sa, lcp, format, cpuThreads);
        }
        if (!verify) {
            return ExitCodes.OK;
        }
        Verdict v;
        try {
            v = SuffixArrayChecker.parallel().check(MappedByteSequence.open(text), sa);
        } catch (IOException e) {
            throw new CliException("cannot map " + text + ": " + TextFiles.describe(e));
        }
        io.out().println(v.line());
        return v.isOk() ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
    }

    /** The LCP array of the text's suffix array {@code sa}, written to {@code out} in {@code format}. */
    private void writeLcp(Path text, IndexSequence sa, Path out, EntryFormat format, int threads) {
        long start = System.nanoTime();
        try {
            SuffixArrayFiles.write(LongLcpArrays.build(PagedBytes.read(text, PagedBytes.DEFAULT_SHIFT), sa, threads),
                    out, format);
        } catch (IOException e) {
            throw new CliException("cannot write the LCP array " + out + " of " + text + ": " + TextFiles.describe(e));
        } catch (OutOfMemoryError e) {
            throw new CliException(String.format(Locale.ROOT, "not enough Java heap for the LCP array of %s: it needs"
                    + " about %.0f bytes per text byte beside the suffix array; raise the heap (GPUMATCH_HEAP)", text,
                    1.0 + Long.BYTES));
        }
        if (!quiet) {
            io.err().printf(Locale.ROOT, "%ssa build: LCP array written to %s in %.2f s%n", Diagnostics.PREFIX, out,
                    (System.nanoTime() - start) / 1e9);
        }
    }

    private void progress(double f) {
        int tenth = (int) (f * 10);
        if (tenth > shownTenth) {
            shownTenth = tenth;
            io.err().println(Diagnostics.PREFIX + "sa build: " + tenth * 10 + "%");
        }
    }
}
