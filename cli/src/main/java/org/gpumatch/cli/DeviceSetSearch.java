package org.gpumatch.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.gpumatch.aparapi.ExactMatchers;
import org.gpumatch.aparapi.Planner;
import org.gpumatch.aparapi.devices.SplitMatcher;
import org.gpumatch.aparapi.devices.SplitMultiPatternMatcher;
import org.gpumatch.aparapi.multi.MultiPatternPlanner;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.stream.ChunkSizes;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.ChunkedSearch;
import org.gpumatch.api.stream.InputStreamSource;
import org.gpumatch.api.stream.ProgressListener;
import org.gpumatch.gpu.devices.DeviceSet;
import org.gpumatch.gpu.runtime.DeviceCatalog;

/**
 * {@code --devices all|LIST}: what it means on the command line and the exact and multi-pattern searches of
 * {@code count} and {@code find} on a {@link DeviceSet}.
 *
 * <p>How it combines with {@code --device}: {@code --device D} is one device (as before, {@code auto} by default);
 * {@code --devices} names several and replaces it. Giving both is a usage error (exit 2) rather than one silently
 * winning, since they say different things. {@code -a cpu}, {@code multi-cpu} and {@code --device java} run on the
 * host, so with {@code --devices} they are errors too. Without {@code -a}, the device algorithm is the one {@code auto}
 * would run on the first device of the set ({@link Planner#plan}: the crossover table; {@code multi-fused} for a
 * patterns file): with {@code --devices} the user asked for the devices, so the CPU matcher is not weighed.
 *
 * <p>Output is byte-identical to one device's: the file is read in chunks as usual, each chunk split into parts with
 * m - 1 overlap across the devices ({@link SplitMatcher}), the parts' answers merged in order.
 */
final class DeviceSetSearch {
    /** The option's help text, shared by count, find, kmismatch and offtargets. */
    static final String HELP = "Split the work across several OpenCL devices: all (every GPU; every OpenCL device "
            + "when there is no GPU), or a comma-separated list of indexes and names as 'gpumatch devices' lists them "
            + "(0,1 or h200); a device listed twice gets two kernel instances. Output is identical to one device's. "
            + "Replaces --device (giving both is an error).";

    private DeviceSetSearch() {
    }

    /**
     * The set {@code --devices} names.
     *
     * @throws CliException when {@code --device} is given too, or the list is malformed
     */
    static DeviceSet parse(String devices, String device) {
        if (device != null) {
            throw new CliException("give --device or --devices, not both (--device " + device + " is one device; "
                    + "--devices " + devices + " a set)");
        }
        try {
            return DeviceSet.parse(devices, DeviceCatalog.get());
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    /** {@code count}/{@code find} with {@code -p} and {@code --devices} ({@link SearchOptions#exactSearch}). */
    static long exact(SearchOptions options, String file, Io io, SequenceRecords.RecordHits hits) {
        Pattern typed = ExactSearch.parsePattern(options.pattern, options.hex);
        Optional<Algorithm> forced = Algorithms.parseExact(options.algorithm);
        if (forced.isPresent() && forced.get().runsOnHost()) {
            throw new CliException("-a " + forced.get().cliName() + " runs on the CPU; --devices runs device "
                    + "algorithms (drop --devices, or pick a device algorithm)");
        }
        DeviceSet set = parse(options.devices, options.device);
        TextInput input = TextInput.open(file, options.raw);
        SequenceFormat format = options.raw ? SequenceFormat.RAW : SequenceFormat.of(input.head(SequenceFormat.HEAD_BYTES));
        Pattern pattern = ExactSearch.searchPattern(typed.toByteArray(), options.ignoreCase, format);
        int m = pattern.length();
        long chunk = options.chunkSize == null ? ChunkSizes.DEFAULT_CHUNK_BYTES : ExactSearch.chunkBytes(options.chunkSize, m);
        long window = Math.min(input.size() < 0 ? Long.MAX_VALUE : input.size(), chunk + m - 1);
        Algorithm algorithm = forced.orElseGet(() -> Planner.plan(window, m, 8, set.get(0)).algorithm());
        Optional<String> refused = algorithm.runsOnHost()
                ? Optional.of("no device algorithm takes a pattern of " + m + " bytes")
                : ExactMatchers.unsupportedReason(algorithm, window, m, 8, set.get(0));
        if (refused.isPresent()) {
            throw new CliException("-a " + algorithm.cliName() + " cannot search " + input.name() + ": "
                    + refused.get() + "; can: " + ExactMatchers.names(ExactMatchers.capable(window, m, 8, set.get(0))));
        }
        long t0 = System.nanoTime();
        try (SplitMatcher matcher = new SplitMatcher(set, d -> ExactMatchers.create(algorithm, d, "--devices"))) {
            long n;
            if (format != SequenceFormat.RAW) {
                long[] found = {0};
                SequenceRecords.RecordHits sink = hits == null ? (record, offset) -> { } : hits;
                SequenceRecords.read(input, format, batch -> {
                    if (options.ignoreCase) {
                        AsciiFold.fold(batch.text(), 0, batch.text().length);
                    }
                    for (int offset : matcher.find(Text.wrap(batch.text()), pattern)) {
                        if (batch.locate(offset, m, sink)) {
                            found[0]++;
                        }
                    }
                });
                n = found[0];
            } else {
                ChunkedSearch search = new ChunkedSearch(matcher, chunk, ProgressListener.NONE);
                try (ChunkSource source = options.ignoreCase
                        ? new InputStreamSource(AsciiFold.folding(input.openStream())) : input.chunks()) {
                    n = hits == null ? search.count(source, pattern)
                            : search.find(source, pattern, offset -> hits.hit(null, offset));
                }
            }
            if (options.explain) {
                io.err().println(Diagnostics.PREFIX + "plan: " + (matcher.lastPlan() != null ? matcher.lastPlan()
                        : algorithm.cliName() + " on " + set.describe()));
                io.err().printf(java.util.Locale.ROOT, "%stime: %.1f ms (kernel compiles on %d devices included)%n",
                        Diagnostics.PREFIX, (System.nanoTime() - t0) / 1e6, set.size());
            }
            return n;
        } catch (IOException e) {
            throw new CliException("cannot read " + input.name() + ": " + TextFiles.describe(e));
        } catch (UncheckedIOException e) {
            throw new CliException("cannot read " + input.name() + ": " + TextFiles.describe(e.getCause()));
        }
    }

    /**
     * The multi-pattern matcher of {@code --patterns-file} on the set {@code --devices} names: {@code multi-rk} if
     * asked for, else {@code multi-fused} (what {@code auto} runs on a GPU); {@code multi-cpu} is refused.
     */
    static MultiPatternMatcher multiMatcher(SearchOptions options, String name) {
        if (name.equals("multi-cpu")) {
            throw new CliException("-a multi-cpu runs on the CPU; --devices runs device algorithms (drop --devices, "
                    + "or use -a multi-fused or multi-rk)");
        }
        DeviceSet set = parse(options.devices, options.device);
        String method = name.equals("auto") ? "multi-fused" : name;
        return new SplitMultiPatternMatcher(set, d -> MultiPatternPlanner.choose(method, d, null).matcher());
    }
}
