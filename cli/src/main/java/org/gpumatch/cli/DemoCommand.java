package org.gpumatch.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gpumatch.aparapi.ExactMatchers;
import org.gpumatch.aparapi.Search;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.cpu.CpuMatcher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpumatch demo}: generates a sample text from a fixed seed ({@link DemoText}), runs every implemented exact
 * algorithm that can take each of eight patterns of 1 to 8 bytes, checks that they all agree (counts, and each device
 * algorithm's offsets against the naive oracle's), and prints matches, time and throughput per algorithm, and the
 * device used.
 *
 * <p>Device algorithms are timed as the median of {@value #RESIDENT_RUNS} resident queries (the text already on the
 * device); their first call, which includes the OpenCL compile and the packing and upload of the text, is reported
 * separately. The {@code cpu} matcher runs once per pattern on the whole text and is the reference for the counts and
 * the device algorithms' offsets; the oracles (naive, srk) run once on the first {@value #ORACLE_SAMPLE} bytes. Exit 1 when two algorithms disagree.
 *
 * <p>Each pattern first gets an {@code auto} row: the count through {@link Search} (as a library user calls it, one
 * {@code Search} for all patterns on the text in memory, planned by estimated cost), with what it ran; that
 * algorithm's own row is marked {@code *}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Generate a sample text (fixed seed), run every available exact algorithm on patterns of 1..8 bytes "
                + "and one row of each other family (multi-pattern, k-mismatch, suffix array), check that they agree "
                + "with the CPU references, and print matches, times and throughput.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch demo", "  gpumatch demo --size 256M --device gpu"})
final class DemoCommand implements Callable<Integer> {
    /** Default text size on an OpenCL device: about 10 s in all on a 2-core CPU through PoCL. */
    static final int DEFAULT_SIZE = 16 << 20;
    /**
     * Default text size with {@code --device java}: Aparapi's Java thread pool emulates every work-group with a thread
     * per work-item and barriers, about a second per 20 KB of text and query on 2 cores.
     */
    static final int DEFAULT_SIZE_JAVA_THREADS = 16 << 10;
    /** Resident queries per device algorithm and pattern; the median is reported. */
    static final int RESIDENT_RUNS = 5;
    /** The smallest text: room for the longest pattern. */
    static final int MIN_SIZE = 64;
    /** Patterns of 1..8 bytes: DNA words, English words and the planted motif. */
    static final String[] PATTERNS = {"A", "CG", "the", "TATA", "quick", "GAATTC", DemoText.MOTIF, "ACGTACGT",
        DemoText.MOTIF.repeat(3)};
    /**
     * The slow oracles (naive, srk) search only the first this many bytes (or the whole text when smaller), so a 1 GiB
     * demo is not dominated by them; their counts are checked against the {@code cpu} matcher's on the same sample.
     */
    static final int ORACLE_SAMPLE = 16 << 20;
    /** Plus one long pattern cut from the English-like part of the text, so it occurs at least once. */
    static final int SLICE_LENGTH = 24;

    private final Io io;
    /** Whether to leave out the device algorithms (no OpenCL, and Java threads not asked for). */
    private boolean skipDeviceAlgorithms;
    /** How many leading bytes of the text the oracles search. */
    private int sampleBytes = ORACLE_SAMPLE;
    /** The device algorithms that have run once (compiled their kernel, uploaded the text). */
    private final java.util.Set<Algorithm> used = java.util.EnumSet.noneOf(Algorithm.class);

    @Option(names = "--size", paramLabel = "BYTES",
            description = "Size of the sample text: bytes, or with a K, M or G suffix (binary units). "
                    + "Default: 16M (16K with --device java, where kernels are emulated in Java threads).")
    String size;

    @Option(names = "--oracle-sample", paramLabel = "BYTES",
            description = "How much of the text the slow oracles (naive, srk) search, checked against cpu on the same "
                    + "bytes; K, M or G suffix. Default: 16M.")
    String oracleSample;

    @Option(names = "--device", paramLabel = "D",
            description = "auto, gpu, opencl, java, or a substring of an OpenCL device name "
                    + "(default: -Dgpumatch.device, else auto).")
    String device;

    DemoCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        DeviceCatalog.Selection selection = ExactSearch.selectDevice(device);
        ComputeDevice dev = selection.device();
        // auto without OpenCL: show the CPU algorithms on the full-size text; kernels in Java threads only when asked
        boolean kernelsInJavaThreads = !dev.isOpenCL() && selection.notice().isEmpty();
        int n = size != null ? parseSize(size) : kernelsInJavaThreads ? DEFAULT_SIZE_JAVA_THREADS : DEFAULT_SIZE;
        skipDeviceAlgorithms = !dev.isOpenCL() && !kernelsInJavaThreads;
        sampleBytes = oracleSample != null ? parseSize(oracleSample) : ORACLE_SAMPLE;
        if (skipDeviceAlgorithms) {
            io.err().println(Diagnostics.PREFIX + "no OpenCL device (" + DeviceCatalog.get().openClUnavailableReason()
                    .orElse("?") + "); the demo runs the CPU algorithms only (--device java runs the kernels in "
                    + "Java threads, slowly)");
        }
        PrintStream out = io.out();

        long t0 = System.nanoTime();
        Text text = Text.wrap(DemoText.generate(n));
        long genNanos = System.nanoTime() - t0;
        Alphabet alphabet = text.alphabet();
        int dna = DemoText.dnaLength(n);
        out.println("gpumatch demo: " + Units.bytes(n) + " sample text (seed " + DemoText.SEED + ", generated in "
                + Units.millis(genNanos) + "): " + Units.bytes(dna) + " DNA-like (ACGT, " + DemoText.MOTIF
                + " planted every " + Units.bytes(DemoText.MOTIF_SPACING) + "), " + Units.bytes(n - dna)
                + " English-like; " + alphabet.size() + " distinct symbols, sigma = " + alphabet.sigma() + " bits");
        out.println("device: " + dev.describe() + (dev.isOpenCL() ? ", driver " + dev.platformVersion() : ""));
        out.println();
        out.printf(Locale.ROOT, "%-10s %2s  %-12s %-12s %10s %11s %7s  %s%n",
                "pattern", "m", "algorithm", "device", "matches", "time", "GB/s", "first call");
        out.flush();

        List<String> disagreements = new ArrayList<>();
        List<Matcher> deviceMatchers = new ArrayList<>();
        // the facade a library user calls, planning by cost: one Search for all patterns, so a text it put on the
        // device stays there for the next pattern (as in a program that queries one text many times)
        try (Search search = Search.on(dev).build()) {
            for (String p : PATTERNS) {
                runPattern(text, Pattern.utf8(p), alphabet, dev, search, deviceMatchers, disagreements);
            }
            int at = dna + (n - dna) / 2;
            runPattern(text, Pattern.of(Arrays.copyOfRange(text.bytes(), at, Math.min(n, at + SLICE_LENGTH))), alphabet,
                    dev, search, deviceMatchers, disagreements);
        } finally {
            deviceMatchers.forEach(Matcher::close);
        }
        DemoFamilies.run(text, Arrays.asList(PATTERNS), dev, device, shortName(dev), out, disagreements);
        out.println();
        out.println("auto = org.gpumatch.aparapi.Search on the text in memory (planned by estimated cost, the first "
                + "column after the time says what it ran; its first call per algorithm includes any compile and upload); "
                + "* = that algorithm's row. Device algorithms: time of a query with the text resident on the "
                + "device (for the * rows the median of " + RESIDENT_RUNS + "); their first call includes the OpenCL "
                + "compile and the packing and upload of the text. cpu: one run on the whole text; naive and srk (oracles): "
                + "one run on the first " + Units.bytes(Math.min(n, sampleBytes)) + " (the sample), checked against cpu "
                + "on the same bytes.");
        if (!disagreements.isEmpty()) {
            out.flush();
            io.err().println(Diagnostics.PREFIX + "demo: algorithms disagree: " + String.join("; ", disagreements));
            return ExitCodes.CHECK_FAILED;
        }
        out.println("All algorithms agree on all " + (PATTERNS.length + 1) + " patterns (counts, and the device algorithms' "
                + "offsets equal the cpu matcher's, itself checked against the naive oracle on the sample); the "
                + "multi-pattern, k-mismatch and suffix array rows agree with the CPU references.");
        return ExitCodes.OK;
    }

    private void runPattern(Text text, Pattern pattern, Alphabet textAlphabet, ComputeDevice dev, Search search,
                            List<Matcher> deviceMatchers, List<String> disagreements) {
        PrintStream out = io.out();
        int n = text.length();
        int m = pattern.length();
        int sigma = textAlphabet.union(Alphabet.of(pattern.toByteArray())).sigma();
        String label = "\"" + printable(new String(pattern.toByteArray(), StandardCharsets.UTF_8)) + "\"";
        CpuMatcher cpu = new CpuMatcher();
        long reference = cpu.count(text, pattern);
        long s0 = System.nanoTime();
        long viaSearch = search.count(text.bytes(), pattern);
        long searchTime = System.nanoTime() - s0;
        Plan plan = search.lastPlan().orElseThrow();
        Algorithm auto = plan.algorithm();
        if (viaSearch != reference) {
            disagreements.add(label + ": cpu counts " + reference + ", auto (" + auto.cliName() + ") " + viaSearch);
        }
        out.printf(Locale.ROOT, "%-10s %2d  %-12s %-12s %10d %11s %7s  %s%n", label, m, "auto",
                auto.runsOnHost() ? "CPU (Java)" : shortName(dev), viaSearch, Units.millis(searchTime),
                Units.gbPerSecond(n, searchTime), "ran " + auto.cliName());
        Text sample = n <= sampleBytes ? text : Text.wrap(Arrays.copyOf(text.bytes(), sampleBytes));
        long sampleReference = sample == text ? reference : cpu.count(sample, pattern);
        int[] referenceOffsets = null;
        for (Algorithm a : Algorithm.FAMILY.algorithms()) {
            if (ExactMatchers.unsupportedReason(a, n, m, sigma, dev).isPresent()) {
                continue;
            }
            boolean onDevice = !a.runsOnHost();
            if (onDevice && skipDeviceAlgorithms) {
                continue;
            }
            Matcher matcher = onDevice ? deviceMatcher(a, dev, deviceMatchers) : ExactMatchers.create(a, dev, "demo");
            Text searched = a.isCpuReference() ? sample : text;
            long count;
            long time;
            String first = a.isCpuReference() && sample != text ? "sample: first " + Units.bytes(sample.length()) : "";
            if (onDevice) {
                long t0 = System.nanoTime();
                count = matcher.count(text, pattern);
                if (used.add(a)) {
                    first = Units.millis(System.nanoTime() - t0) + " (compile + upload)";
                }
                // the planner's pick gets the median of several queries; the others one query, to keep the demo short
                long[] times = new long[a == auto ? RESIDENT_RUNS : 1];
                for (int r = 0; r < times.length; r++) {
                    long t1 = System.nanoTime();
                    long c = matcher.count(text, pattern);
                    times[r] = System.nanoTime() - t1;
                    if (c != count) {
                        disagreements.add(a.cliName() + " counted " + label + " " + count + " then " + c + " times");
                    }
                }
                Arrays.sort(times);
                time = times[times.length / 2];
            } else {
                long t0 = System.nanoTime();
                count = matcher.count(searched, pattern);
                time = System.nanoTime() - t0;
            }
            long expected = searched == text ? reference : sampleReference;
            if (count != expected) {
                disagreements.add(label + ": cpu counts " + expected + (searched == text ? "" : " in the sample") + ", "
                        + a.cliName() + " " + count);
            }
            if (onDevice) {
                if (referenceOffsets == null) {
                    referenceOffsets = cpu.find(text, pattern);
                }
                if (!Arrays.equals(matcher.find(text, pattern), referenceOffsets)) {
                    disagreements.add(label + ": the offsets " + a.cliName() + " finds differ from cpu's");
                }
            }
            String where = onDevice ? shortName(dev) : "CPU (Java)";
            out.printf(Locale.ROOT, "%-10s %2d  %-12s %-12s %10d %11s %7s  %s%n", label, m,
                    a.cliName() + (a == auto ? " *" : ""), where, count, Units.millis(time),
                    Units.gbPerSecond(searched.length(), time), first);
            out.flush();
        }
    }

    /** {@code s} with line breaks and other control characters written as escapes, for a one-line table cell. */
    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().forEach(c -> b.append(c == '\n' ? "\\n" : c < 0x20 ? String.format("\\x%02x", c)
                : new String(Character.toChars(c))));
        return b.toString();
    }

    /** One matcher per device algorithm for the whole demo, so the text is uploaded and the kernel compiled once. */
    private static Matcher deviceMatcher(Algorithm a, ComputeDevice dev, List<Matcher> open) {
        for (Matcher m : open) {
            if (m.algorithm() == a) {
                return m;
            }
        }
        Matcher m = ExactMatchers.create(a, dev, "demo");
        open.add(m);
        return m;
    }

    /** The kind of device, for the table; the header line names it in full. */
    private static String shortName(ComputeDevice dev) {
        return switch (dev.kind()) {
            case OPENCL_GPU -> "OpenCL GPU";
            case OPENCL_ACCELERATOR -> "OpenCL accel";
            case OPENCL_CPU -> "OpenCL CPU";
            case JAVA_THREADS -> "Java threads";
        };
    }

    /** Bytes from {@code 1000}, {@code 64K}, {@code 32M} or {@code 1G} (binary units; see {@link Units#parseBytes}). */
    static int parseSize(String text) {
        long value = Units.parseBytes(text, "--size");
        if (value < MIN_SIZE || value > TextFiles.MAX_RESIDENT_BYTES) {
            throw new CliException("--size: " + text + " is out of range: " + MIN_SIZE + " to "
                    + TextFiles.MAX_RESIDENT_BYTES + " bytes");
        }
        return (int) value;
    }
}
