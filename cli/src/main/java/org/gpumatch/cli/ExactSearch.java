package org.gpumatch.cli;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.gpumatch.aparapi.DeviceMatcher;
import org.gpumatch.aparapi.ExactMatchers;
import org.gpumatch.aparapi.Planner;
import org.gpumatch.aparapi.plan.CostPlan;
import org.gpumatch.aparapi.plan.Workload;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.DevicePolicy;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.stream.ChunkSizes;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.ChunkedSearch;

/**
 * One exact search as {@code count} and {@code find} run it, in the order that reports the cheapest error first:
 * parse the pattern, resolve {@code -a}, select the device, check the file, decide whether the text is held whole or
 * streamed ({@link Residency}), then either read it whole and plan ({@code auto}) or check the forced algorithm against
 * it, or plan against the streamed windows; and create the matcher.
 *
 * <p>Resident: the text is one {@link Text} of the whole file, planned with its own alphabet. Streamed: the file goes
 * through {@link ChunkedSearch} in windows of chunk + m - 1 bytes, planned once for the largest window with sigma = 8
 * (see {@link Residency#SIGMA}); matchers that use the alphabet compute each window's own. Count-only runs never
 * materialize positions; {@code find} hands each offset to a sink as it is found.
 *
 * <p>Close it to release the matcher's device memory and erase the progress bar.
 */
final class ExactSearch implements AutoCloseable {
    private final Io io;
    private final boolean explain;
    private final TextInput input;
    private final Pattern pattern;
    private final Plan plan;
    private final Matcher matcher;
    private final ProgressBar progress;
    /** The whole text when resident; null when streamed. */
    private final Text text;
    private final Residency residency;
    private final long readNanos;
    private long searchNanos;

    private ExactSearch(Io io, boolean explain, TextInput input, Pattern pattern, Plan plan, Matcher matcher,
                        ProgressBar progress, Text text, Residency residency, long readNanos) {
        this.io = io;
        this.explain = explain;
        this.input = input;
        this.pattern = pattern;
        this.plan = plan;
        this.matcher = matcher;
        this.progress = progress;
        this.text = text;
        this.residency = residency;
        this.readNanos = readNanos;
    }

    /**
     * Prepares the search {@code options} describe; every user error is a {@link CliException} or a library exception
     * with a one-line message.
     *
     * @param linesOnStdout whether the command prints a line per result ({@code find}): then no progress bar is drawn
     *                      when stdout is the terminal too
     */
    static ExactSearch prepare(SearchOptions options, Io io, boolean linesOnStdout) {
        Pattern pattern = parsePattern(options.pattern, options.hex);
        Optional<Algorithm> forced = Algorithms.parseExact(options.algorithm);
        DeviceCatalog.Selection selection = selectDevice(options.device);
        ComputeDevice device = selection.device();
        TextInput input = TextInput.open(options.file);
        int m = pattern.length();
        Residency residency = residency(input, m, options.chunkSize, forced, device);
        ProgressBar progress = ProgressBar.create(io, !options.quiet && !(linesOnStdout && io.outIsTerminal()),
                input.size());

        Text text = null;
        long readNanos = 0;
        long n;
        int sigma;
        boolean scanned = false;
        if (residency.streamed()) {
            n = input.isStream() ? ChunkSizes.windowBytes((int) residency.chunkBytes(), m)
                    : Math.min(input.size(), ChunkSizes.windowBytes((int) residency.chunkBytes(), m));
            sigma = Residency.SIGMA;
            if (forced.isPresent() && !input.isStream()
                    && ExactMatchers.unsupportedReason(forced.get(), n, m, sigma, device).isPresent()) {
                // the forced algorithm may take this file's narrower alphabet (DRK-WOM packs sigma-bit symbols):
                // one extra pass to find it, only then
                sigma = input.alphabet().union(Alphabet.of(pattern.toByteArray())).sigma();
                scanned = true;
            }
        } else {
            long t0 = System.nanoTime();
            try {
                text = Text.wrap(input.readAll(progress::update));
            } finally {
                progress.close(); // held whole, the bar shows the read; a later error then starts on a clean line
            }
            readNanos = System.nanoTime() - t0;
            n = text.length();
            sigma = text.alphabet().union(Alphabet.of(pattern.toByteArray())).sigma();
        }
        Plan plan;
        Matcher matcher;
        if (forced.isPresent()) {
            Algorithm a = forced.get();
            requireCapable(a, n, m, sigma, device, residency);
            String reason = "forced with -a " + a.cliName();
            matcher = ExactMatchers.create(a, device, reason);
            plan = new Plan(a, matcher.lastPlan().device(), reason);
        } else {
            plan = Planner.plan(n, m, sigma, device);
            matcher = ExactMatchers.create(plan.algorithm(), device, plan.reason());
        }
        if (!selection.notice().isEmpty() && !options.quiet) {
            io.err().println(Diagnostics.PREFIX + selection.notice() + (plan.algorithm().isCpuReference()
                    ? "; searching on the CPU with " + plan.algorithm().cliName()
                    : "; running " + plan.algorithm().cliName() + " in Java threads"));
        }
        ExactSearch search = new ExactSearch(io, options.explain, input, pattern, plan, matcher, progress, text,
                residency, readNanos);
        if (options.explain) {
            search.explainPlan(n, sigma, scanned);
            search.explainEstimates(n, sigma, device);
        }
        return search;
    }

    /**
     * Whether to stream, asking the algorithm that will run: the forced one, or the one the planner picks for a text
     * the size of a default window (for a file that fits it, the plan for the whole file is made after reading it).
     */
    private static Residency residency(TextInput input, int m, Long chunkOption, Optional<Algorithm> forced,
                                       ComputeDevice device) {
        long window = ChunkSizes.windowBytes(ChunkSizes.chunkFor(chunkOption != null && chunkOption > 0 ? chunkOption
                : ChunkSizes.DEFAULT_CHUNK_BYTES, m), m);
        long planningSize = input.isStream() ? window : Math.min(input.size(), window);
        Algorithm algorithm = forced.orElseGet(() -> Planner.plan(planningSize, m, Residency.SIGMA, device).algorithm());
        Runtime rt = Runtime.getRuntime();
        long freeHeap = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        try (Matcher probe = ExactMatchers.create(algorithm, device, "probe")) {
            return Residency.decide(input, m, chunkOption, freeHeap, probe);
        }
    }

    /** A one-line error unless {@code a} can search texts of n bytes (whole, or each window) with this pattern. */
    private static void requireCapable(Algorithm a, long n, int m, int sigma, ComputeDevice device, Residency residency) {
        Optional<String> why = ExactMatchers.unsupportedReason(a, n, m, sigma, device);
        if (why.isPresent()) {
            List<Algorithm> capable = ExactMatchers.capable(n, m, sigma, device);
            throw new CliException("-a " + a.cliName() + " cannot search this input"
                    + (residency.streamed() ? " in chunks of " + residency.chunkBytes() + " bytes" : "") + ": "
                    + why.get() + "; algorithms that can: " + (capable.isEmpty() ? "none" : ExactMatchers.names(capable))
                    + " (or -a auto)");
        }
    }

    /** The pattern's bytes: UTF-8 of the argument, or with {@code --hex} the bytes its hex digits spell. */
    static Pattern parsePattern(String arg, boolean hex) {
        if (arg == null) {
            throw new CliException("missing -p/--pattern PATTERN (or --patterns-file F); see gpumatch count --help");
        }
        if (arg == null || arg.isEmpty() || (hex && arg.isBlank())) {
            throw new CliException("the pattern is empty");
        }
        if (!hex) {
            return Pattern.utf8(arg);
        }
        try {
            return Pattern.hex(arg);
        } catch (IllegalArgumentException e) {
            throw new CliException("--hex: " + e.getMessage());
        }
    }

    /** The device {@code --device} (or {@code -Dgpumatch.device}, or {@code auto}) names. */
    static DeviceCatalog.Selection selectDevice(String deviceOption) {
        DevicePolicy policy = deviceOption == null ? DevicePolicy.fromSystemProperty() : DevicePolicy.parse(deviceOption);
        return DeviceCatalog.get().select(policy);
    }

    /** The number of occurrences; never materializes positions. */
    long count() {
        long t0 = System.nanoTime();
        long c = text != null ? matcher.count(text, pattern) : streamed(null);
        finish(t0, c);
        return c;
    }

    /**
     * Hands the 0-based offsets of all occurrences to {@code sink}, ascending, and returns their number. An unchecked
     * exception of the sink stops the search and is rethrown.
     */
    long find(LongConsumer sink) {
        long t0 = System.nanoTime();
        long found;
        if (text != null) {
            int[] offsets = matcher.find(text, pattern);
            for (int offset : offsets) {
                sink.accept(offset);
            }
            found = offsets.length;
        } else {
            found = streamed(sink);
        }
        finish(t0, found);
        return found;
    }

    /** Counts ({@code sink} null) or finds through the chunks of the input. */
    private long streamed(LongConsumer sink) {
        ChunkedSearch search = new ChunkedSearch(matcher, residency.chunkBytes(), (done, total) -> progress.update(done));
        progress.update(0); // the bar shows from the start, not only after the first chunk
        try (ChunkSource source = input.chunks()) {
            return sink == null ? search.count(source, pattern) : search.find(source, pattern, sink);
        } catch (IOException e) {
            throw new CliException("cannot read " + input.name() + ": " + TextFiles.describe(e));
        }
    }

    private void finish(long t0, long matches) {
        searchNanos = System.nanoTime() - t0;
        progress.close();
        explainRun(matches);
    }

    private void explainPlan(long n, int sigma, boolean scanned) {
        io.err().println(Diagnostics.PREFIX + "plan: " + plan.algorithm().cliName() + " on " + plan.device());
        io.err().println(Diagnostics.PREFIX + "why: " + plan.reason());
        int m = pattern.length();
        if (text != null) {
            Alphabet a = text.alphabet().union(Alphabet.of(pattern.toByteArray()));
            io.err().println(Diagnostics.PREFIX + "input: n = " + n + " bytes, m = " + m + ", sigma = " + sigma
                    + " bits (" + a.size() + " distinct symbols)");
            return;
        }
        int chunk = (int) residency.chunkBytes();
        String chunks = input.isStream() ? input.name() + " in chunks of "
                : input.size() + " bytes in " + ChunkSizes.windowCount(input.size(), chunk, m) + " chunks of ";
        io.err().println(Diagnostics.PREFIX + "streamed (" + residency.why() + "): " + chunks + chunk + " bytes"
                + (chunk >= 1024 ? " (" + Units.bytes(chunk) + ")" : "") + ", each searched with the m-1 = " + (m - 1)
                + " bytes after it; " + (input.isStream() ? "read in order" : "memory-mapped")
                + ", the next chunk read while this one is searched");
        io.err().println(Diagnostics.PREFIX + "input: n = " + (input.isStream() ? "unknown" : input.size() + " bytes")
                + ", m = " + m + ", sigma = " + sigma + (scanned
                        ? " bits (the file's alphabet, scanned in one extra pass because -a " + plan.algorithm().cliName()
                                + " refuses sigma = " + Residency.SIGMA + ")"
                        : " bits assumed (a streamed text's alphabet is not scanned)")
                + "; planned for windows of " + n + " bytes");
    }

    /**
     * The cost planner's estimates for this input, next to the choice (the CLI's {@code auto} still picks the device
     * algorithm by the device's crossover table; {@link org.gpumatch.aparapi.Search} picks by these estimates).
     */
    private void explainEstimates(long n, int sigma, ComputeDevice device) {
        CostPlan cost = Planner.planByCost(Workload.oneShotFile(n, pattern.length(), sigma), device);
        for (String line : cost.explainLines()) {
            io.err().println(Diagnostics.PREFIX + line);
        }
        io.err().println(Diagnostics.PREFIX + "cost planner would choose " + cost.plan().algorithm().cliName() + ": "
                + cost.plan().reason());
    }

    private void explainRun(long matches) {
        if (!explain) {
            return;
        }
        StringBuilder line = new StringBuilder(Diagnostics.PREFIX).append("time: ");
        if (text != null) {
            line.append("read ").append(Units.millis(readNanos)).append(", search ").append(Units.millis(searchNanos))
                    .append(" (").append(Units.gbPerSecond(text.length(), searchNanos)).append(" GB/s");
            if (matcher instanceof DeviceMatcher dm) {
                line.append(", includes the kernel compile and the text upload; kernel launches ")
                        .append(Units.millis(dm.lastTiming().wallNanos()));
            }
        } else {
            line.append("search ").append(Units.millis(searchNanos)).append(" (");
            if (!input.isStream()) {
                line.append(Units.gbPerSecond(input.size(), searchNanos)).append(" GB/s, ");
            }
            line.append("includes reading the input").append(matcher instanceof DeviceMatcher
                    ? ", the kernel compile and the upload of each chunk" : "");
        }
        line.append("), ").append(matches).append(matches == 1 ? " match" : " matches");
        io.err().println(line);
    }

    @Override
    public void close() {
        progress.close();
        matcher.close();
    }
}
