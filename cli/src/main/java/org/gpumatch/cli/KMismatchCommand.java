package org.gpumatch.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.api.stream.ChunkSizes;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.KMismatchChunkedSearch;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.gpu.AutoKMismatchMatcher;
import org.gpumatch.kmismatch.Iupac;
import org.gpumatch.kmismatch.IupacKMismatchMatcher;
import org.gpumatch.kmismatch.gpu.KMismatchMatchers;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.kmismatch.MultiPatternKMismatch;
import org.gpumatch.kmismatch.gpu.PatternTableSearch;
import org.gpumatch.kmismatch.offtarget.gpu.OffTargetPlanner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpumatch kmismatch -k K -p PATTERN FILE}: every offset where PATTERN matches with at most K mismatches, as
 * {@code offset<TAB>mismatches} lines, ascending (or with {@code --count} their number); with {@code --patterns-file}
 * or {@code --both-strands}, {@code offset<TAB>index<TAB>strand<TAB>mismatches} lines ordered by offset, index, strand,
 * searched by {@link PatternTableSearch} (one pass for all patterns and strands where the patterns allow it). A FASTA
 * or FASTQ FILE is searched record by record ({@link SequenceRecords}; lines start with the record's name and the
 * offset is 0-based in it), unless {@code --raw}. A raw FILE is streamed in chunks overlapping by m-1 bytes, so any
 * size works; memory: one chunk window plus 4 bytes per window of it (the one-pass search: 3/8 byte per base more).
 */
@Command(name = "kmismatch", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print every 0-based offset where PATTERN occurs in FILE with at most K mismatching symbols "
                + "(Hamming distance), as 'offset<TAB>mismatches' lines, ascending. In a FASTA or FASTQ FILE each "
                + "line starts with the record's name and the offset is within the record.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch kmismatch -k 2 -p GATTACA genome.txt",
                  "  gpumatch kmismatch -k 4 -p ACGTACGTACGTACGTACGTAGG -a bit-parallel --device opencl chr1.txt",
                  "  gpumatch kmismatch -k 1 -p GATTACA --count -",
                  "  gpumatch kmismatch -k 4 --patterns-file guides.txt --both-strands --iupac hg38.fa.gz"})
final class KMismatchCommand implements Callable<Integer> {
    private final Io io;

    @Option(names = "-k", required = true, paramLabel = "K", description = "The most mismatches a hit may have (>= 0).")
    int k;

    @Option(names = {"-p", "--pattern"}, paramLabel = "PATTERN",
            description = "The pattern: the bytes typed, or with --hex, hex digits of arbitrary bytes.")
    String pattern;

    @Option(names = {"-a", "--algorithm"}, paramLabel = "ALG", defaultValue = "auto",
            description = "thread, block-thread, opt-block-thread, bit-parallel, cpu or auto (default: the planner "
                    + "chooses; see --explain). With --patterns-file or --both-strands, cpu and auto run the one-pass "
                    + "search (cpu on all cores); a kernel named here runs once per pattern and strand.")
    String algorithm;

    @Option(names = "--count", description = "Print only the number of hits.")
    boolean count;

    @Option(names = "--device", paramLabel = "D",
            description = "auto, gpu, opencl, java, or a substring of an OpenCL device name (default: "
                    + "-Dgpumatch.device, else auto).")
    String device;

    @Option(names = "--devices", paramLabel = "LIST", description = DeviceSetSearch.HELP + " Splits the one-pass "
            + "search of --patterns-file or --both-strands.")
    String devices;

    @Option(names = "--hex", description = "Read PATTERN (and every pattern line of --patterns-file) as hex digits.")
    boolean hex;

    @Option(names = "--chunk-size", paramLabel = "SIZE", converter = SearchOptions.ByteSize.class,
            description = "Stream FILE in chunks of SIZE bytes overlapping by m-1 bytes (default 256m).")
    Long chunkSize;

    @Option(names = "--patterns-file", paramLabel = "F",
            description = "Search every pattern of F instead of -p (up to 10,000, all of one length): one a line, "
                    + "exactly its bytes (a UTF-8 BOM skipped, CRLF accepted; empty, blank and # lines skipped; a "
                    + "space, tab or control byte in a pattern line is an error naming the line; hex with --hex; see "
                    + "--literal-lines), or the records of a FASTA F; - reads standard input, F.gz is decompressed. "
                    + "Prints 'offset<TAB>index<TAB>strand<TAB>mismatches', index 0-based in F's patterns.")
    String patternsFile;

    @Option(names = "--literal-lines",
            description = "With --patterns-file: every line is a pattern as it is (spaces, tabs, a leading # or > "
                    + "included); only an empty line is an error.")
    boolean literalLines;

    @Option(names = "--both-strands", description = "Also search the reverse complement of each pattern (strand -).")
    boolean bothStrands;

    @Option(names = "--iupac", description = "Pattern symbols are IUPAC codes (A C G T U R Y S W K M B D H V N, any "
            + "case) matching any base of their set; any other pattern byte is an error. Text symbols other than "
            + "A/C/G/T/U mismatch every code, N included.")
    boolean iupac;

    @Option(names = "--raw",
            description = "Search FILE's bytes as they are: a .gz file is not decompressed, a FASTA or FASTQ file "
                    + "is searched whole (title lines, line breaks and qualities included).")
    boolean raw;

    @Option(names = "--explain", description = "Print the search the planner chose, why, and its times on stderr.")
    boolean explain;

    @Parameters(index = "0", paramLabel = "FILE", description = "The text: a file of any size (.gz decompressed; "
            + "FASTA and FASTQ searched record by record unless --raw), or - for standard input.")
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
        if (literalLines && patternsFile == null) {
            throw new CliException("--literal-lines reads --patterns-file F");
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
        if (devices != null && patternsFile == null && !bothStrands) {
            throw new CliException("--devices splits the one-pass search of --patterns-file or --both-strands; one "
                    + "pattern on one strand runs on one device (--device)");
        }
        TextInput input = TextInput.open(file, raw);
        SequenceFormat format = raw ? SequenceFormat.RAW : SequenceFormat.of(input.head(SequenceFormat.HEAD_BYTES));
        List<byte[]> patterns = patterns(format);
        long t0 = System.nanoTime();
        long chunk = chunkSize == null ? ChunkSizes.DEFAULT_CHUNK_BYTES : chunkSize;
        long total;
        String plan;
        try {
            if (patternsFile == null && !bothStrands) {
                try (KMismatchMatcher matcher = singleMatcher(variant, dev)) {
                    total = single(input, format, Pattern.of(patterns.get(0)), matcher, chunk);
                    plan = variant == KMismatchVariant.AUTO && !iupac
                            ? "plan (last text): " + String.join(System.lineSeparator() + Diagnostics.PREFIX,
                                    matcher.explainLines())
                            : "algorithm " + matcher.name() + (iupac ? "" : " (forced)") + " on " + dev.describe();
                }
            } else {
                String[] why = new String[1];
                try (PatternTableSearch search = tableSearch(patterns, variant, dev, input, chunk, why)) {
                    total = table(input, format, search, patterns.get(0).length, chunk);
                    plan = "plan: " + search.describe() + "; why: " + why[0]
                            + (search.deviceNanos() > 0 ? "; kernel device time " + search.deviceNanos() / 1_000_000
                            + " ms" : "");
                }
            }
        } catch (IOException e) {
            throw new CliException("cannot read " + input.name() + ": " + TextFiles.describe(e));
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        if (count) {
            io.out().println(total);
        }
        if (explain) {
            io.err().println(Diagnostics.PREFIX + plan);
            io.err().println(Diagnostics.PREFIX + "input: " + input.name() + " as " + format.label() + "; "
                    + total + " hits; read, pack and search " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        }
        io.out().flush();
        return ExitCodes.OK;
    }

    /**
     * The patterns as searched: the typed pattern or the patterns file's ({@link PatternsFile}), upper case in a
     * FASTA text (its reader reads soft-masked bases as their base, as count and find do); with {@code --iupac} each
     * checked by {@link Iupac#firstInvalid} (an error naming the file and line).
     */
    private List<byte[]> patterns(SequenceFormat format) {
        List<byte[]> out = new ArrayList<>();
        if (patternsFile == null) {
            byte[] p = ExactSearch.parsePattern(pattern, hex).toByteArray();
            checkIupac(p, "the pattern");
            out.add(ExactSearch.searchPattern(p, false, format).toByteArray());
            return out;
        }
        PatternsFile.Parsed parsed = PatternsFile.parse(patternsFile, hex, literalLines);
        String name = patternsFile.equals(TextInput.STDIN) ? "standard input" : patternsFile;
        for (int i = 0; i < parsed.patterns().size(); i++) {
            byte[] p = parsed.patterns().get(i);
            checkIupac(p, name + " line " + parsed.lines().get(i));
            out.add(ExactSearch.searchPattern(p, false, format).toByteArray());
        }
        return out;
    }

    private void checkIupac(byte[] p, String where) {
        int bad = iupac ? Iupac.firstInvalid(p) : -1;
        if (bad >= 0) {
            int b = p[bad] & 0xFF;
            String shown = b > ' ' && b < 0x7F ? "'" + (char) b + "'" : String.format("byte 0x%02x", b);
            throw new CliException(where + ": " + shown + " at position " + (bad + 1) + " is not an IUPAC nucleotide "
                    + "code (A C G T U R Y S W K M B D H V N, any case)");
        }
    }

    private KMismatchMatcher singleMatcher(KMismatchVariant variant, ComputeDevice dev) {
        return singleMatcher(variant, dev, 1);
    }

    /**
     * The single-pattern matcher of a loop over {@code calls} patterns and strands: {@code auto} plans with that count
     * (the planner's end-to-end rule weighs a device's set-up against the whole loop, not one call).
     */
    private KMismatchMatcher singleMatcher(KMismatchVariant variant, ComputeDevice dev, int calls) {
        if (iupac) {
            return new IupacKMismatchMatcher(Runtime.getRuntime().availableProcessors());
        }
        return variant == KMismatchVariant.AUTO ? new AutoKMismatchMatcher(dev, calls)
                : KMismatchMatchers.create(variant, dev);
    }

    /**
     * The search of a table of patterns: the one-pass search unless the user forced a single-pattern kernel or the
     * patterns cannot take it ({@link PatternTableSearch#onePassObstacle}); its device: {@code -a cpu} all cores, a
     * {@code --device} named by the user that device, else {@link OffTargetPlanner} on the real number of patterns
     * and the input's size (FILE's bytes, one chunk for a stream; the end-to-end cost: a kernel's compile and upload against the Java search's rate). {@code why[0]}
     * says why.
     */
    private PatternTableSearch tableSearch(List<byte[]> patterns, KMismatchVariant variant, ComputeDevice dev,
            TextInput input, long chunk, String[] why) {
        if (devices != null) {
            return tableSearchOnSet(patterns, variant, why);
        }
        if (variant != KMismatchVariant.AUTO && variant != KMismatchVariant.CPU) {
            why[0] = "-a " + variant.cliName() + " names a single-pattern kernel";
            return PatternTableSearch.perPattern(patterns, bothStrands, iupac, k, KMismatchMatchers.create(variant, dev));
        }
        String obstacle = PatternTableSearch.onePassObstacle(patterns, iupac);
        if (obstacle != null) {
            why[0] = obstacle;
            return PatternTableSearch.perPattern(patterns, bothStrands, iupac, k, singleMatcher(variant, dev,
                    patterns.size() * (bothStrands ? 2 : 1)));
        }
        ComputeDevice where;
        if (variant == KMismatchVariant.CPU) {
            where = ComputeDevice.JAVA_THREADS;
            why[0] = "-a cpu";
        } else if (device != null && !device.equalsIgnoreCase("auto")) {
            where = dev.isOpenCL() ? dev : ComputeDevice.JAVA_THREADS;
            why[0] = "--device " + device;
        } else {
            long bases = input.isStream() ? chunk : input.size();
            OffTargetPlanner.Choice c = OffTargetPlanner.choose(bases, patterns.size(), dev);
            where = c.device();
            why[0] = c.reason() + (input.isStream() ? " (a stream of unknown size: planned on one chunk)" : "");
        }
        return PatternTableSearch.onePass(patterns, bothStrands, iupac, k, where);
    }

    /** {@code --devices}: the one-pass search split over the set, or an error saying why it cannot run. */
    private PatternTableSearch tableSearchOnSet(List<byte[]> patterns, KMismatchVariant variant, String[] why) {
        if (variant != KMismatchVariant.AUTO) {
            throw new CliException("-a " + variant.cliName() + " with --devices: the set runs the one-pass search "
                    + "(drop -a, or drop --devices)");
        }
        String obstacle = PatternTableSearch.onePassObstacle(patterns, iupac);
        if (obstacle != null) {
            throw new CliException("--devices runs the one-pass search, which cannot take these patterns: " + obstacle);
        }
        why[0] = "--devices " + devices;
        return PatternTableSearch.onePass(patterns, bothStrands, iupac, k, DeviceSetSearch.parse(devices, device));
    }

    /** One pattern, one strand: {@code offset<TAB>mismatches} lines (prefixed by the record in FASTA/FASTQ). */
    private long single(TextInput input, SequenceFormat format, Pattern p, KMismatchMatcher matcher, long chunk)
            throws IOException {
        if (format != SequenceFormat.RAW) {
            long[] total = {0};
            SequenceRecords.read(input, format, batch -> {
                if (batch.text().length < p.length()) {
                    return;
                }
                KMismatchHits h = matcher.find(Text.wrap(batch.text()), p, k);
                for (int i = 0; i < h.size(); i++) {
                    int d = h.mismatches(i);
                    if (batch.locate(h.offset(i), p.length(), (record, offset) -> print(record + "\t" + offset
                            + "\t" + d))) {
                        total[0]++;
                    }
                }
            });
            return total[0];
        }
        KMismatchChunkedSearch search = new KMismatchChunkedSearch(matcher, chunk);
        try (ChunkSource source = input.chunks()) {
            if (count) {
                return search.count(source, p, k);
            }
            return search.find(source, p, k, (offset, mismatches) -> print(offset + "\t" + mismatches));
        }
    }

    /** A table of patterns: {@code offset<TAB>index<TAB>strand<TAB>mismatches} lines (prefixed by the record). */
    private long table(TextInput input, SequenceFormat format, PatternTableSearch search, int m, long chunk)
            throws IOException {
        long[] total = {0};
        if (format != SequenceFormat.RAW) {
            SequenceRecords.read(input, format, batch -> {
                for (MultiPatternKMismatch.Hit h : search.find(Text.wrap(batch.text()), 0)) {
                    if (batch.locate(h.offset(), m, (record, offset) -> print(record + "\t" + offset + "\t"
                            + h.index() + "\t" + h.strand() + "\t" + h.mismatches()))) {
                        total[0]++;
                    }
                }
            });
            return total[0];
        }
        try (ChunkSource source = input.chunks()) {
            KMismatchChunkedSearch.windows(source, chunk, m, (text, start) -> {
                for (MultiPatternKMismatch.Hit h : search.find(text, start)) {
                    total[0]++;
                    print(h.offset() + "\t" + h.index() + "\t" + h.strand() + "\t" + h.mismatches());
                }
            });
        }
        return total[0];
    }

    private void print(String line) {
        if (!count) {
            io.out().print(line + "\n");
        }
    }
}
