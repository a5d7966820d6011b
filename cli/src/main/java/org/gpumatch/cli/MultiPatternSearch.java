package org.gpumatch.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.gpumatch.aparapi.multi.MultiPatternPlanner;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.api.stream.ChunkSizes;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.MultiChunkedSearch;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * {@code count} and {@code find} with {@code --patterns-file}: the patterns file ({@link PatternsFile}), the method
 * ({@code -a auto|multi-rk|multi-cpu}, {@link MultiPatternPlanner}) and a {@link MultiChunkedSearch} of the text in
 * chunks ({@code --chunk-size}) overlapping by the longest pattern minus one byte. {@code count} prints
 * {@code index<TAB>count} per pattern in file order; {@code find} prints {@code offset<TAB>index}, ordered by offset,
 * then index. {@code --explain} prints the choice and the time on stderr.
 */
final class MultiPatternSearch {
    private MultiPatternSearch() {
    }

    static int count(SearchOptions options, String patternsFile, Io io) {
        PatternsFile.Parsed parsed = PatternsFile.parse(patternsFile, options.hex, options.literalLines);
        long[] counts = run(options, parsed.set(), io, null);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < counts.length; i++) {
            sb.append(parsed.label(i)).append('\t').append(counts[i]).append('\n');
        }
        io.out().print(sb);
        io.out().flush();
        return ExitCodes.OK;
    }

    static int find(SearchOptions options, String patternsFile, Io io) {
        PatternsFile.Parsed parsed = PatternsFile.parse(patternsFile, options.hex, options.literalLines);
        StringBuilder sb = new StringBuilder();
        run(options, parsed.set(), io, (offset, index) -> {
            sb.append(offset).append('\t').append(parsed.label(index)).append('\n');
            if (sb.length() > (1 << 16)) {
                io.out().print(sb);
                sb.setLength(0);
            }
        });
        io.out().print(sb);
        io.out().flush();
        return ExitCodes.OK;
    }

    /** Counts per pattern when {@code sink} is null, else delivers the occurrences to it (and returns null). */
    private static long[] run(SearchOptions options, PatternSet patterns, Io io, MultiChunkedSearch.Sink sink) {
        if (options.pattern != null) {
            throw new CliException("give -p or --patterns-file, not both");
        }
        String name = options.algorithm == null || options.algorithm.equals("auto") ? "auto" : options.algorithm;
        if (!MultiPatternPlanner.accepts(name)) {
            throw new CliException("--patterns-file takes -a " + String.join("|", MultiPatternPlanner.NAMES)
                    + ", not " + name);
        }
        ComputeDevice device = ExactSearch.selectDevice(options.device).device();
        TextInput input = TextInput.open(options.file, options.raw);
        long chunk = options.chunkSize == null ? ChunkSizes.DEFAULT_CHUNK_BYTES : options.chunkSize;
        long t0 = System.nanoTime();
        MultiPatternPlanner.Choice choice;
        try {
            choice = MultiPatternPlanner.choose(name, device, input.size() < 0 ? Long.MAX_VALUE
                    : Math.min(input.size(), chunk));
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        long[] counts = null;
        try (ChunkSource source = input.chunks(); var matcher = choice.matcher()) {
            MultiChunkedSearch search = new MultiChunkedSearch(matcher, chunk);
            if (sink == null) {
                counts = search.count(source, patterns);
            } else {
                search.find(source, patterns, sink);
            }
            if (options.explain) {
                io.err().println(Diagnostics.PREFIX + "plan: " + choice.reason());
                io.err().println(Diagnostics.PREFIX + "run: " + matcher.explain());
                io.err().printf(java.util.Locale.ROOT, "%stime: %.1f ms (patterns file, kernel compile and upload "
                        + "included)%n", Diagnostics.PREFIX, (System.nanoTime() - t0) / 1e6);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        return counts;
    }
}
