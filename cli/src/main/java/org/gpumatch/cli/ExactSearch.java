package org.gpumatch.cli;

import java.util.List;
import java.util.Optional;
import org.gpumatch.aparapi.ExactMatchers;
import org.gpumatch.aparapi.Planner;
import org.gpumatch.aparapi.DeviceMatcher;
import org.gpumatch.aparapi.runtime.ComputeDevice;
import org.gpumatch.aparapi.runtime.DeviceCatalog;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.DevicePolicy;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;

/**
 * One exact search as {@code count} and {@code find} run it, in the order that reports the cheapest error first:
 * parse the pattern, resolve {@code -a}, select the device, read the file, then either plan ({@code auto}) or check
 * that the forced algorithm can take this input, and create the matcher.
 *
 * <p>Close it to release the matcher's device memory.
 */
final class ExactSearch implements AutoCloseable {
    private final Io io;
    private final boolean explain;
    private final Text text;
    private final Pattern pattern;
    private final int sigma;
    private final Plan plan;
    private final Matcher matcher;
    private final long readNanos;
    private long searchNanos;

    private ExactSearch(Io io, boolean explain, Text text, Pattern pattern, int sigma, Plan plan, Matcher matcher,
                        long readNanos) {
        this.io = io;
        this.explain = explain;
        this.text = text;
        this.pattern = pattern;
        this.sigma = sigma;
        this.plan = plan;
        this.matcher = matcher;
        this.readNanos = readNanos;
    }

    /** Prepares the search {@code options} describe; every user error is a {@link CliException} or a library exception with a one-line message. */
    static ExactSearch prepare(SearchOptions options, Io io) {
        Pattern pattern = parsePattern(options.pattern, options.hex);
        Optional<Algorithm> forced = Algorithms.parseExact(options.algorithm);
        DeviceCatalog.Selection selection = selectDevice(options.device);
        ComputeDevice device = selection.device();
        long t0 = System.nanoTime();
        Text text = Text.wrap(TextFiles.read(options.file));
        long readNanos = System.nanoTime() - t0;
        long n = text.length();
        int m = pattern.length();
        int sigma = text.alphabet().union(Alphabet.of(pattern.toByteArray())).sigma();

        Plan plan;
        Matcher matcher;
        if (forced.isPresent()) {
            Algorithm a = forced.get();
            Optional<String> why = ExactMatchers.unsupportedReason(a, n, m, sigma, device);
            if (why.isPresent()) {
                List<Algorithm> capable = ExactMatchers.capable(n, m, sigma, device);
                throw new CliException("-a " + a.cliName() + " cannot search this input: " + why.get()
                        + "; algorithms that can: " + (capable.isEmpty() ? "none" : ExactMatchers.names(capable))
                        + " (or -a auto)");
            }
            String reason = "forced with -a " + a.cliName();
            matcher = ExactMatchers.create(a, device, reason);
            plan = new Plan(a, matcher.lastPlan().device(), reason);
        } else {
            plan = Planner.plan(n, m, sigma, device);
            matcher = ExactMatchers.create(plan.algorithm(), device, plan.reason());
        }
        if (!selection.notice().isEmpty()) {
            io.err().println(Diagnostics.PREFIX + selection.notice() + (plan.algorithm().isCpuReference()
                    ? "; searching on the CPU with " + plan.algorithm().cliName()
                    : "; running " + plan.algorithm().cliName() + " in Java threads"));
        }
        ExactSearch search = new ExactSearch(io, options.explain, text, pattern, sigma, plan, matcher, readNanos);
        if (options.explain) {
            search.explainPlan();
        }
        return search;
    }

    /** The pattern's bytes: UTF-8 of the argument, or with {@code --hex} the bytes its hex digits spell. */
    static Pattern parsePattern(String arg, boolean hex) {
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

    /** The number of occurrences. */
    long count() {
        long t0 = System.nanoTime();
        long c = matcher.count(text, pattern);
        searchNanos = System.nanoTime() - t0;
        explainRun(c);
        return c;
    }

    /** The 0-based offsets of all occurrences, ascending. */
    int[] find() {
        long t0 = System.nanoTime();
        int[] found = matcher.find(text, pattern);
        searchNanos = System.nanoTime() - t0;
        explainRun(found.length);
        return found;
    }

    private void explainPlan() {
        io.err().println(Diagnostics.PREFIX + "plan: " + plan.algorithm().cliName() + " on " + plan.device());
        io.err().println(Diagnostics.PREFIX + "why: " + plan.reason());
        Alphabet a = text.alphabet().union(Alphabet.of(pattern.toByteArray()));
        io.err().println(Diagnostics.PREFIX + "input: n = " + text.length() + " bytes, m = " + pattern.length()
                + ", sigma = " + sigma + " bits (" + a.size() + " distinct symbols)");
    }

    private void explainRun(long matches) {
        if (!explain) {
            return;
        }
        StringBuilder line = new StringBuilder(Diagnostics.PREFIX).append("time: read ").append(Units.millis(readNanos))
                .append(", search ").append(Units.millis(searchNanos)).append(" (")
                .append(Units.gbPerSecond(text.length(), searchNanos)).append(" GB/s");
        if (matcher instanceof DeviceMatcher dm) {
            line.append(", includes the kernel compile and the text upload; kernel launches ")
                    .append(Units.millis(dm.lastTiming().wallNanos()));
        }
        line.append("), ").append(matches).append(matches == 1 ? " match" : " matches");
        io.err().println(line);
    }

    @Override
    public void close() {
        matcher.close();
    }
}
