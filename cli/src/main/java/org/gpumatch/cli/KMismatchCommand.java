package org.gpumatch.cli;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.api.stream.ChunkSizes;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.KMismatchChunkedSearch;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.AutoKMismatchMatcher;
import org.gpumatch.kmismatch.IupacKMismatchMatcher;
import org.gpumatch.kmismatch.KMismatchMatchers;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.kmismatch.MultiPatternKMismatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpumatch kmismatch -k K -p PATTERN FILE}: every offset where PATTERN matches with at most K mismatches, as
 * {@code offset<TAB>mismatches} lines, ascending (or with {@code --count} their number). FILE is streamed in chunks
 * overlapping by m-1 bytes, so any size works; memory: one chunk window plus 4 bytes per window of it.
 */
@Command(name = "kmismatch", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print every 0-based offset where PATTERN occurs in FILE with at most K mismatching symbols "
                + "(Hamming distance), as 'offset<TAB>mismatches' lines, ascending.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch kmismatch -k 2 -p GATTACA genome.txt",
                  "  gpumatch kmismatch -k 4 -p ACGTACGTACGTACGTACGTAGG -a bit-parallel --device opencl chr1.txt",
                  "  gpumatch kmismatch -k 1 -p GATTACA --count -",
                  "  gpumatch kmismatch -k 4 --patterns-file guides.txt --both-strands --iupac hg38.txt"})
final class KMismatchCommand implements Callable<Integer> {
    private final Io io;

    @Option(names = "-k", required = true, paramLabel = "K", description = "The most mismatches a hit may have (>= 0).")
    int k;

    @Option(names = {"-p", "--pattern"}, paramLabel = "PATTERN",
            description = "The pattern: its UTF-8 bytes, or with --hex, hex digits of arbitrary bytes.")
    String pattern;

    @Option(names = {"-a", "--algorithm"}, paramLabel = "ALG", defaultValue = "auto",
            description = "thread, block-thread, opt-block-thread, bit-parallel, cpu or auto (default: the planner "
                    + "chooses; see --explain).")
    String algorithm;

    @Option(names = "--count", description = "Print only the number of hits.")
    boolean count;

    @Option(names = "--device", paramLabel = "D",
            description = "auto, gpu, opencl, java, or a substring of an OpenCL device name (default: "
                    + "-Dgpumatch.device, else auto).")
    String device;

    @Option(names = "--hex", description = "Read PATTERN as hex digits.")
    boolean hex;

    @Option(names = "--chunk-size", paramLabel = "SIZE", converter = SearchOptions.ByteSize.class,
            description = "Stream FILE in chunks of SIZE bytes overlapping by m-1 bytes (default 256m).")
    Long chunkSize;

    @Option(names = "--patterns-file", paramLabel = "F",
            description = "Search every pattern of F (one per line, its first whitespace-separated token; blank lines "
                    + "and lines starting with # skipped; up to 10,000, all of one length) instead of -p; prints "
                    + "'offset<TAB>index<TAB>strand<TAB>mismatches', index 0-based in F.")
    String patternsFile;

    @Option(names = "--both-strands", description = "Also search the reverse complement of each pattern (strand -).")
    boolean bothStrands;

    @Option(names = "--iupac", description = "Pattern symbols are IUPAC codes (N, R, Y, ...) matching any base of "
            + "their set, never a mismatch there; text symbols other than ACGTU mismatch. Runs the multi-core Java scan.")
    boolean iupac;

    @Option(names = "--explain", description = "Print the algorithm the planner chose, and why, on stderr.")
    boolean explain;

    @Parameters(index = "0", paramLabel = "FILE", description = "The text: a file of any size, or - for standard input.")
    String file;

    KMismatchCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        if (k < 0) {
            throw new CliException("-k must be >= 0, got " + k);
        }
        if ((pattern == null) == (patternsFile == null)) {
            throw new CliException("give exactly one of -p PATTERN and --patterns-file F");
        }
        KMismatchVariant variant;
        try {
            variant = KMismatchVariant.parse(algorithm);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        ComputeDevice dev = variant == KMismatchVariant.CPU ? ComputeDevice.JAVA_THREADS
                : ExactSearch.selectDevice(device).device();
        if (variant != KMismatchVariant.CPU && variant != KMismatchVariant.AUTO && !dev.isOpenCL()) {
            throw new CliException("algorithm " + variant.cliName() + " needs an OpenCL device; "
                    + "use -a cpu or -a auto");
        }
        if (iupac && variant != KMismatchVariant.AUTO && variant != KMismatchVariant.CPU) {
            throw new CliException("--iupac runs only with -a cpu or -a auto");
        }
        List<Pattern> patterns = patternsFile != null ? PatternsFile.readList(patternsFile, hex)
                : List.of(ExactSearch.parsePattern(pattern, hex));
        boolean table = patternsFile != null || bothStrands;
        MultiPatternKMismatch multi;
        try {
            multi = new MultiPatternKMismatch(patterns, bothStrands);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        TextInput input = TextInput.open(file);
        long chunk = chunkSize == null ? ChunkSizes.DEFAULT_CHUNK_BYTES : chunkSize;
        try (KMismatchMatcher matcher = iupac ? new IupacKMismatchMatcher(Runtime.getRuntime().availableProcessors())
                : KMismatchMatchers.create(variant, dev);
             ChunkSource source = input.chunks()) {
            KMismatchChunkedSearch search = new KMismatchChunkedSearch(matcher, chunk);
            if (table) {
                long[] total = {0};
                KMismatchChunkedSearch.windows(source, chunk, multi.patternLength(), (text, start) -> {
                    for (MultiPatternKMismatch.Hit h : multi.find(matcher, text, start, k)) {
                        total[0]++;
                        if (!count) {
                            io.out().print(h.offset() + "\t" + h.index() + "\t" + h.strand() + "\t" + h.mismatches() + "\n");
                        }
                    }
                });
                if (count) {
                    io.out().println(total[0]);
                }
            } else if (count) {
                io.out().println(search.count(source, patterns.get(0), k));
            } else {
                search.find(source, patterns.get(0), k, (offset, mismatches) -> io.out().print(offset + "\t" + mismatches + "\n"));
            }
            if (explain && matcher instanceof AutoKMismatchMatcher auto) {
                io.err().println(Diagnostics.PREFIX + "plan (last chunk): " + auto.explain());
            } else if (explain) {
                io.err().println(Diagnostics.PREFIX + "algorithm " + matcher.name() + " (forced) on " + dev.describe());
            }
        } catch (IOException e) {
            throw new CliException("cannot read " + file + ": " + TextFiles.describe(e));
        }
        io.out().flush();
        return ExitCodes.OK;
    }
}
