package org.gpumatch.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.checker.CheckerCli;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.MappedByteSequence;
import org.gpumatch.checker.MappedIndexSequence;
import org.gpumatch.gpu.runtime.DeviceUnavailableException;
import org.gpumatch.suffixarray.gpu.GpuLcpBuilder;
import org.gpumatch.suffixarray.LcpArrays;
import org.gpumatch.suffixarray.LongSuffixArraySearch;
import org.gpumatch.suffixarray.gpu.SuffixArrayBuilders;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArrayFiles;

/** Reading the files of the {@code sa} commands with one-line errors. */
final class SaFiles {
    private SaFiles() {
    }

    /** The entry format named by {@code --format}, or a one-line error. */
    static EntryFormat format(String label) {
        try {
            return EntryFormat.parse(label);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    /** The thread count of a {@code --threads} option: all cores when absent, else at least 1, or a one-line error. */
    static int threads(Integer option) {
        if (option == null) {
            return Runtime.getRuntime().availableProcessors();
        }
        if (option < 1) {
            throw new CliException("--threads must be at least 1, got " + option);
        }
        return option;
    }

    /**
     * The LCP array of {@code sa}: on the GPU ({@link GpuLcpBuilder} on the policy's OpenCL device) or on
     * {@code threads} cores ({@link LcpArrays}); device problems are one-line errors.
     */
    static int[] lcp(byte[] text, int[] sa, boolean gpu, DevicePolicy policy, int threads) {
        if (!gpu) {
            return LcpArrays.build(text, sa, threads);
        }
        try (GpuLcpBuilder builder = new GpuLcpBuilder(SuffixArrayBuilders.gpuDevice(policy))) {
            return builder.build(text, sa);
        } catch (IllegalArgumentException | DeviceUnavailableException e) {
            throw new CliException(e.getMessage());
        }
    }

    /** Writes an LCP array in the suffix array's format, or a one-line error naming the file. */
    static void writeLcp(int[] lcp, String name, EntryFormat format) {
        Path out = TextFiles.path(name);
        try {
            SuffixArrayFiles.write(lcp, out, format);
        } catch (IOException e) {
            throw new CliException("cannot write " + out + ": " + TextFiles.describe(e));
        }
    }

    /**
     * Whether a command takes the long path for this text: a regular file past the {@code int} limit
     * ({@link SuffixArrayBuilders#needsLongBuilder}), or of at least {@code longPathFrom} bytes (the commands' hidden
     * option, for tests; null: none).
     */
    static boolean takesLongPath(TextInput input, Long longPathFrom) {
        return !input.isStream() && (SuffixArrayBuilders.needsLongBuilder(input.size())
                || longPathFrom != null && input.size() >= longPathFrom);
    }

    /**
     * A search over the memory-mapped text and suffix array files (any length), or a one-line error naming the file.
     */
    static LongSuffixArraySearch mappedSearch(Path textFile, String saName, EntryFormat format) {
        MappedByteSequence text;
        try {
            text = MappedByteSequence.open(textFile);
        } catch (IOException e) {
            throw new CliException("cannot map " + textFile + ": " + TextFiles.describe(e));
        }
        return new LongSuffixArraySearch(text, mappedSuffixArray(saName, format, text.length()));
    }

    /**
     * The memory-mapped suffix array file of a text of {@code n} bytes (any length), which must have n entries, or a
     * one-line error naming the file.
     */
    static MappedIndexSequence mappedSuffixArray(String saName, EntryFormat format, long n) {
        Path saFile = TextFiles.path(saName);
        TextFiles.checkReadable(saFile);
        MappedIndexSequence sa;
        try {
            sa = MappedIndexSequence.open(saFile, format);
        } catch (IOException e) {
            throw new CliException("cannot map " + saFile + ": " + TextFiles.describe(e));
        }
        if (sa.length() != n) {
            throw new CliException("suffix array " + saFile + " has " + sa.length() + " entries but the text has "
                    + n + " bytes");
        }
        return sa;
    }

    /**
     * The whole text (at most {@link SaisBuilder#MAX_LENGTH} bytes) of a file, {@code -} (standard input), a pipe or a
     * {@code .gz} file (decompressed), as every command reads its inputs ({@link TextInput}).
     */
    static byte[] readText(String name) {
        return TextInput.open(name).readAll(SaisBuilder.MAX_LENGTH, "suffix arrays are built for texts");
    }

    /** The whole suffix array file of a text of {@code n} bytes, which must have n entries, each in [0, n). */
    static int[] readSuffixArray(String name, EntryFormat format, int n) {
        Path file = TextFiles.path(name);
        TextFiles.checkReadable(file);
        String widthHint = CheckerCli.widthHint(TextFiles.size(file), n, format);
        int[] sa;
        try {
            sa = SuffixArrayFiles.read(file, format);
        } catch (IOException e) {
            throw new CliException("cannot read " + file + ": " + TextFiles.describe(e));
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage() + widthHint);
        }
        if (sa.length != n) {
            throw new CliException("suffix array " + file + " has " + sa.length + " entries but the text has " + n
                    + " bytes" + widthHint);
        }
        for (int i = 0; i < n; i++) {
            if (sa[i] >= n) {
                throw new CliException("suffix array " + file + " entry " + i + " = " + sa[i]
                        + " is not an offset of the " + n + "-byte text");
            }
        }
        return sa;
    }
}
