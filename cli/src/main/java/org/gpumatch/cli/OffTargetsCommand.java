package org.gpumatch.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.devices.DeviceSet;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.offtarget.CasOffinderInput;
import org.gpumatch.kmismatch.offtarget.gpu.OffTargetPlanner;
import org.gpumatch.kmismatch.offtarget.gpu.OffTargetSearch;
import org.gpumatch.sequence.FastaReader;
import org.gpumatch.sequence.GenomeReading;
import org.gpumatch.sequence.PackedGenome;
import org.gpumatch.sequence.SequenceFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpumatch offtargets INPUT}: Cas-OFFinder's search (same input file, same output columns) over a FASTA genome:
 * every site matching the pattern on either strand with at most each query's mismatches. The genome is read and packed
 * on all cores while the kernel compiles; the search is one pass for all queries and both strands
 * ({@link OffTargetSearch}). Memory: 3/8 byte per base of the genome plus the file's bytes while reading.
 */
@Command(name = "offtargets", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Find CRISPR off-target sites as Cas-OFFinder does: every site of the genome matching the pattern "
                + "(guide Ns + PAM, IUPAC codes) on either strand with at most each query's mismatches.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch offtargets input.txt -o out.txt            # Cas-OFFinder's input file and output",
                  "  gpumatch offtargets input.txt --format bed > hits.bed",
                  "  gpumatch offtargets --genome hg38.fa.gz --pattern NNNNNNNNNNNNNNNNNNNNNRG \\",
                  "      --guides guides.txt --mismatches 4 --format tsv",
                  "",
                  "INPUT: line 1 the genome (FASTA file, .gz, or a directory of FASTA files), line 2 the pattern",
                  "(e.g. NNNNNNNNNNNNNNNNNNNNNRG), then 'QUERY MAXMISMATCHES' lines of the pattern's length."})
final class OffTargetsCommand implements Callable<Integer> {
    private final Io io;

    @Parameters(index = "0", arity = "0..1", paramLabel = "INPUT", description = "Cas-OFFinder's input file.")
    String input;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write hits to OUT (default: - stdout).")
    String output;

    @Option(names = "--format", paramLabel = "F", defaultValue = "cas-offinder",
            description = "cas-offinder (default: Cas-OFFinder 3.0's header and columns), bed (BED6: record name, "
                    + "start, end, query, mismatches, strand) or tsv (record, start, end, strand, query index, query, "
                    + "site, mismatches).")
    String format;

    @Option(names = "--count", description = "Print only the number of hits.")
    boolean count;

    @Option(names = "--device", paramLabel = "D",
            description = "auto (default: the GPU for large searches, else all CPU cores), gpu, opencl, java, or a "
                    + "substring of an OpenCL device name.")
    String device;

    @Option(names = "--devices", paramLabel = "LIST", description = DeviceSetSearch.HELP)
    String devices;

    @Option(names = "--genome", paramLabel = "PATH", description = "Without INPUT: the genome (FASTA file, .gz, or "
            + "directory of FASTA files).")
    String genome;

    @Option(names = "--pattern", paramLabel = "P", description = "Without INPUT: the pattern, e.g. "
            + "NNNNNNNNNNNNNNNNNNNNNRG.")
    String pattern;

    @Option(names = "--guides", paramLabel = "FILE", description = "Without INPUT: one query per line (its first "
            + "word; an optional second word is its own most mismatches), of the pattern's length.")
    String guides;

    @Option(names = "--mismatches", paramLabel = "K", description = "Without INPUT: the most mismatches of queries "
            + "that do not give their own.")
    Integer mismatches;

    @Option(names = "--part-size", paramLabel = "SITES", hidden = true,
            description = "Sites per device launch (a multiple of 32; default 2^28).")
    Integer partSites;

    @Option(names = "--explain", description = "Print where the search ran, why, and the time of each stage on stderr.")
    boolean explain;

    /** Nanoseconds from the command's start until the device was chosen and the kernel compiled (-1: not early). */
    private long kernelReady = -1;
    /** The planner's choice under {@code auto} (its estimates go to {@code --explain}), or null when forced. */
    private OffTargetPlanner.Choice planned;

    OffTargetsCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        long t0 = System.nanoTime();
        OffTargetOutput.Format fmt = OffTargetOutput.Format.parse(format);
        CasOffinderInput in = readInput();
        if (!Files.exists(in.genome())) {
            throw new CliException((input != null ? input + ":1: genome " : "--genome ") + in.genome()
                    + ": no such file or directory");
        }
        // The genome is read and packed on all cores while the device is chosen and the kernel compiles.
        GenomeReading reading = FastaReader.start(in.genome());
        long t1 = System.nanoTime();
        if (devices != null) {
            return searchOnSet(reading, in, fmt, t0, t1);
        }
        DevicePolicy policy = ExactSearch.devicePolicy(device);
        ComputeDevice best = ExactSearch.selectDevice(device).device();
        if (policy.kind() != DevicePolicy.Kind.AUTO && policy.kind() != DevicePolicy.Kind.JAVA && !best.isOpenCL()) {
            throw new CliException("--device " + device + ": no such OpenCL device (see 'gpumatch devices')");
        }
        // The kernel compiles while the genome is read: when forced, or when the planner picks the GPU for the size the
        // files suggest. Then the device searches each part as soon as it is read (plain FASTA; with gzip under auto
        // the choice is checked again on the real size first).
        int streamParts = partSites == null ? OffTargetSearch.STREAM_PART_SITES : partSites;
        OffTargetSearch early = null;
        if (policy.kind() == DevicePolicy.Kind.AUTO && best.isOpenCL()) {
            planned = OffTargetPlanner.choose(estimatedBases(in.genome()), in.spec().size(), best);
            if (planned.device().isOpenCL()) {
                early = OffTargetSearch.on(in.spec(), best, streamParts, streamBuffers(best));
            }
        } else if (best.isOpenCL()) {
            early = OffTargetSearch.on(in.spec(), best, streamParts, streamBuffers(best));
        }
        kernelReady = early != null ? System.nanoTime() - t0 : -1;
        long[] read = new long[1];
        try {
            boolean stream = !"false".equals(System.getProperty("gpumatch.offtargets.stream"));
            if (early != null && stream && (policy.kind() != DevicePolicy.Kind.AUTO || reading.progressive())) {
                String why = planned != null ? planned.reason() : "--device " + device; // the guess above
                return search(early, reading, in, fmt, why, t0, t1, read);
            }
            PackedGenome g = reading.genome();
            planned = policy.kind() == DevicePolicy.Kind.AUTO
                    ? OffTargetPlanner.choose(g.length(), in.spec().size(), best) : null; // on the real size
            if (early != null && planned != null && !planned.device().isOpenCL()) {
                early.close(); // the files held fewer bases than their size suggested
                early = null;
            }
            String why;
            OffTargetSearch search;
            if (early != null) {
                search = early;
                why = planned != null ? planned.reason() : "--device " + device;
            } else {
                ComputeDevice chosen = policy.kind() == DevicePolicy.Kind.JAVA ? ComputeDevice.JAVA_THREADS : best;
                OffTargetPlanner.Choice c = planned != null ? planned
                        : new OffTargetPlanner.Choice(chosen, "--device " + device);
                int parts = partSites == null ? OffTargetSearch.DEFAULT_PART_SITES : partSites;
                search = OffTargetSearch.on(in.spec(), c.device(), parts, buffers(c.device()));
                why = c.reason();
            }
            read[0] = System.nanoTime();
            return search(search, reading, in, fmt, why, t0, t1, read);
        } catch (IOException e) {
            if (early != null) {
                early.close();
            }
            throw readError(in, e);
        }
    }

    /**
     * {@code --devices}: the kernel compiled on every member while the genome is read, each part searched as soon as it
     * is read, cut into shares across the members ({@link OffTargetSearch#on(org.gpumatch.kmismatch.offtarget
     * .OffTargetSpec, DeviceSet, int, BufferCreation)}).
     */
    private int searchOnSet(GenomeReading reading, CasOffinderInput in, OffTargetOutput.Format fmt, long t0, long t1) {
        DeviceSet set = DeviceSetSearch.parse(devices, device);
        int streamParts = partSites == null ? OffTargetSearch.STREAM_PART_SITES : partSites;
        OffTargetSearch search = OffTargetSearch.on(in.spec(), set, streamParts, streamBuffers(set.get(0)));
        kernelReady = System.nanoTime() - t0;
        return search(search, reading, in, fmt, "--devices " + devices, t0, t1, new long[1]);
    }

    /**
     * Runs {@code search} (closing it) over the genome being read and writes the hits; {@code read[0]} is when the
     * genome was read (set here when the search streams). Read and write errors become CLI errors.
     */
    private int search(OffTargetSearch search, GenomeReading reading, CasOffinderInput in, OffTargetOutput.Format fmt,
            String why, long t0, long t1, long[] read) {
        OffTargetSearch.Stats stats;
        PackedGenome[] genome = new PackedGenome[1];
        try (search; Writer out = openOutput()) {
            OffTargetOutput[] w = new OffTargetOutput[1];
            try {
                stats = search.run(reading, g -> {
                    if (read[0] == 0) {
                        read[0] = System.nanoTime();
                    }
                    genome[0] = g;
                    w[0] = new OffTargetOutput(out, fmt, g, in, count);
                    try {
                        w[0].header();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, hit -> w[0].write(hit));
            } catch (IOException e) {
                throw readError(in, e);
            }
            w[0].footer();
        } catch (IOException e) {
            throw new CliException("cannot write " + output + ": " + TextFiles.describe(e));
        } catch (UncheckedIOException e) {
            throw new CliException("cannot write " + output + ": " + TextFiles.describe(e.getCause()));
        }
        long t4 = System.nanoTime();
        if (explain) {
            explain(genome[0], in, stats, why, t0, t1, read[0], t4);
        }
        return ExitCodes.OK;
    }

    private CliException readError(CasOffinderInput in, IOException e) {
        if (e instanceof SequenceFormatException sfe) {
            return new CliException(sfe.getMessage());
        }
        return new CliException("cannot read " + in.genome() + ": " + TextFiles.describe(e));
    }

    private void explain(PackedGenome g, CasOffinderInput in, OffTargetSearch.Stats s, String why, long t0, long t1,
            long read, long t4) {
        long comparisons = s.comparisons(in.spec().size());
        String device = s.deviceNanos() > 0 ? String.format(Locale.ROOT, ", device %.1f ms (%.1f G site-query "
                + "comparisons/s)", s.deviceNanos() / 1e6, comparisons / (double) s.deviceNanos()) : "";
        io.err().println(Diagnostics.PREFIX + "search on " + s.engine() + ": " + why);
        if (planned != null) {
            // The planner's estimates after its reason (the reason is the line above).
            planned.explainLines().stream().skip(1).forEach(l -> io.err().println(Diagnostics.PREFIX + l));
        }
        io.err().println(Diagnostics.PREFIX + String.format(Locale.ROOT, "genome %d bases in %d records; %d queries; "
                + "%d hits in %d parts", g.length(), g.records().size(), in.spec().size(), s.hits(), s.parts()));
        io.err().println(Diagnostics.PREFIX + String.format(Locale.ROOT, "stages: input %.3f s, read+pack (device "
                + "chosen, kernel compiled, parts searched meanwhile) %.3f s, rest of the search + write %.3f s "
                + "(search from its start %.3f s%s), total %.3f s", (t1 - t0) / 1e9, (read - t1) / 1e9,
                (t4 - read) / 1e9, s.wallNanos() / 1e9, device, (t4 - t0) / 1e9));
        if (kernelReady >= 0) {
            io.err().println(Diagnostics.PREFIX + String.format(Locale.ROOT, "device chosen and kernel compiled %.3f s "
                    + "after the command began (beside the read)", kernelReady / 1e9));
        }
        // Where the process's own time went before and after the command (the launcher's and the JVM's start; the
        // JVM's exit follows this line).
        java.time.Instant now = java.time.Instant.now();
        double sinceOrigin = (now.getEpochSecond() * 1e9 + now.getNano() - ProcessTimeline.originEpochNanos()) / 1e9;
        io.err().println(Diagnostics.PREFIX + String.format(Locale.ROOT, "timeline: the command began %.3f s and "
                + "ended %.3f s after the %s start", sinceOrigin - (System.nanoTime() - t0) / 1e9, sinceOrigin,
                ProcessTimeline.originEpochNanos() == ProcessTimeline.jvmStartEpochNanos() ? "JVM's" : "launcher's"));
    }

    /** About how many bases the genome's files hold: their bytes (gzip: four times), before they are read. */
    private static long estimatedBases(Path genome) {
        long bytes = 0;
        try {
            for (Path f : FastaReader.files(genome)) {
                long size = Files.size(f);
                bytes += f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz") ? 4 * size : size;
            }
        } catch (IOException e) {
            return 0; // the reader reports it
        }
        return bytes;
    }

    /**
     * Buffers of the search that may stream: as {@link #buffers}, unless the (diagnostic) system property
     * {@code gpumatch.offtargets.buffers} says {@code copy} or {@code host}. With {@code gpumatch.offtargets.stream=false}
     * the genome is read whole before the first launch (the flow before the search while reading; for comparisons).
     */
    private static BufferCreation streamBuffers(ComputeDevice d) {
        String b = System.getProperty("gpumatch.offtargets.buffers", "");
        return b.equals("copy") ? BufferCreation.COPY : b.equals("host") ? BufferCreation.HOST_POINTER : buffers(d);
    }

    private static BufferCreation buffers(ComputeDevice d) {
        return d.kind() == ComputeDevice.Kind.OPENCL_GPU ? BufferCreation.HOST_POINTER : BufferCreation.COPY;
    }

    private CasOffinderInput readInput() {
        boolean natives = genome != null || pattern != null || guides != null || mismatches != null;
        if (input != null && natives) {
            throw new CliException("give either INPUT or --genome/--pattern/--guides/--mismatches, not both");
        }
        try {
            if (input != null) {
                return CasOffinderInput.read(Path.of(input));
            }
            if (genome == null || pattern == null || guides == null) {
                throw new CliException("give INPUT (Cas-OFFinder's input file) or --genome, --pattern and --guides "
                        + "(try 'gpumatch offtargets --help')");
            }
            return nativeInput();
        } catch (SequenceFormatException e) {
            throw new CliException(e.getMessage());
        } catch (IOException e) {
            throw new CliException("cannot read " + (input != null ? input : guides) + ": " + TextFiles.describe(e));
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    /** The native flags as an input: the guides file is read like Cas-OFFinder's query lines. */
    private CasOffinderInput nativeInput() throws IOException {
        Path file = Path.of(guides);
        if (!Files.isRegularFile(file)) {
            throw new CliException(guides + ": no such guides file");
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        StringBuilder synthetic = new StringBuilder(genome).append('\n').append(pattern).append('\n');
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).strip().split("\\s+");
            if (f[0].isEmpty() || f[0].startsWith("#")) {
                synthetic.append('\n');
                continue;
            }
            if (f.length < 2 && mismatches == null) {
                throw new CliException(guides + ":" + (i + 1) + ": no mismatches for " + f[0]
                        + " (give --mismatches K or a second word)");
            }
            synthetic.append(f[0]).append(' ').append(f.length >= 2 ? f[1] : mismatches).append('\n');
        }
        Path tmp = Files.createTempFile("gpumatch-offtargets", ".txt");
        try {
            Files.writeString(tmp, synthetic, StandardCharsets.ISO_8859_1);
            return CasOffinderInput.read(tmp);
        } catch (SequenceFormatException e) {
            // Line numbers of the synthetic file: guide line i is line i + 3.
            String msg = e.getMessage().substring(tmp.toString().length());
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^:(\\d+):(.*)$", java.util.regex.Pattern.DOTALL)
                    .matcher(msg);
            if (m.matches() && Integer.parseInt(m.group(1)) >= 3) {
                throw new CliException(guides + ":" + (Integer.parseInt(m.group(1)) - 2) + ":" + m.group(2));
            }
            throw new CliException("--pattern " + pattern + msg.replaceFirst("^:\\d+", ""));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private Writer openOutput() throws IOException {
        if (output == null || output.equals("-")) {
            return new BufferedWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), 1 << 16) {
                @Override
                public void close() throws IOException {
                    flush(); // stdout stays open
                }
            };
        }
        return Files.newBufferedWriter(Path.of(output), StandardCharsets.UTF_8);
    }
}
