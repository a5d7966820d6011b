package org.gpumatch.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.suffixarray.LcpArrays;
import org.gpumatch.suffixarray.LongLcpArrays;
import org.gpumatch.suffixarray.PagedBytes;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArrayFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpumatch sa lcp TEXT SA -o OUT [--format int32|int64|int40] [-a cpu|gpu] [--device D] [--threads N]}: the LCP
 * array of an existing suffix array by the Phi method, on all cores ({@link LcpArrays}, default) or on an OpenCL
 * device ({@link org.gpumatch.suffixarray.gpu.GpuLcpBuilder}): {@code lcp[0] = 0}, {@code lcp[i]} the longest common
 * prefix of the suffixes {@code SA[i-1]} and {@code SA[i]}, written in the same little-endian format as suffix arrays.
 * The suffix array is not verified (run {@code sa check} on untrusted files); its entries must be offsets of the text.
 * Host memory: the text plus 12 bytes per text byte (SA, PLCP, LCP).
 */
@Command(name = "lcp", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write the LCP array of TEXT's suffix array SA (lcp[0] = 0, lcp[i] = longest common prefix of "
                + "the suffixes SA[i-1] and SA[i]) to OUT as little-endian entries.",
        footerHeading = "%nExample:%n",
        footer = {"  gpumatch sa lcp genome.txt genome.sa -o genome.lcp --format int40"})
final class SaLcpCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TEXT", description = "The text file.")
    String textName;

    @Parameters(index = "1", paramLabel = "SA", description = "Its suffix array file.")
    String saName;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "The LCP array file.")
    String outName;

    @Option(names = "--format", paramLabel = "int32|int64|int40", defaultValue = "int32",
            description = "Entry format of SA and OUT (default int32).")
    String format;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads of -a cpu (default: all cores).")
    Integer threads;

    @Option(names = {"-a", "--algorithm"}, paramLabel = "cpu|gpu", defaultValue = "cpu",
            description = "cpu (default): the Phi method on all cores; gpu: the Phi method on an OpenCL device.")
    String algorithm;

    @Option(names = "--device", paramLabel = "D",
            description = "With -a gpu: opencl, gpu or a substring of an OpenCL device name (default: -Dgpumatch.device,"
                    + " else the first OpenCL device).")
    String device;

    /** Texts of at least this many bytes take the long path (tests force it on small texts); default: past 2^31-9. */
    @Option(names = "--long-path-from", hidden = true, paramLabel = "BYTES")
    Long longPathFrom;

    @Override
    public Integer call() {
        EntryFormat fmt = SaFiles.format(format);
        int workers = SaFiles.threads(threads);
        boolean gpu = switch (algorithm.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "cpu" -> false;
            case "gpu" -> true;
            default -> throw new CliException("unknown LCP algorithm '" + algorithm + "' (cpu or gpu)");
        };
        TextInput input = TextInput.open(textName);
        if (SaFiles.takesLongPath(input, longPathFrom)) {
            if (gpu) {
                throw new CliException(textName + " has " + input.size() + " bytes: the GPU LCP builder takes at most "
                        + SaisBuilder.MAX_LENGTH + "; use -a cpu");
            }
            return longLcp(TextFiles.path(textName), fmt, workers);
        }
        byte[] text = input.readAll(SaisBuilder.MAX_LENGTH, "suffix arrays are built for texts");
        int[] sa = SaFiles.readSuffixArray(saName, fmt, text.length);
        int[] lcp = SaFiles.lcp(text, sa, gpu, gpu ? ExactSearch.devicePolicy(device) : null, workers);
        SaFiles.writeLcp(lcp, outName, fmt);
        return ExitCodes.OK;
    }

    /**
     * The LCP array of a text past the {@code int} limit ({@link LongLcpArrays} on {@code workers} threads: the text in
     * pages, the suffix array mapped, 8 bytes of PLCP per text byte), written as it is gathered.
     */
    private int longLcp(Path textFile, EntryFormat fmt, int workers) {
        PagedBytes text;
        try {
            text = PagedBytes.read(textFile, PagedBytes.DEFAULT_SHIFT);
        } catch (IOException e) {
            throw new CliException("cannot read " + textFile + ": " + TextFiles.describe(e));
        }
        org.gpumatch.checker.IndexSequence sa = SaFiles.mappedSuffixArray(saName, fmt, text.length());
        Path out = TextFiles.path(outName);
        try {
            SuffixArrayFiles.write(LongLcpArrays.build(text, sa, workers), out, fmt);
        } catch (IllegalArgumentException e) {
            throw new CliException(saName + ": " + e.getMessage());
        } catch (IOException e) {
            throw new CliException("cannot write " + out + ": " + TextFiles.describe(e));
        }
        return ExitCodes.OK;
    }
}
