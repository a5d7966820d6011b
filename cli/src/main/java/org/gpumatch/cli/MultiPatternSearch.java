package org.gpumatch.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.gpumatch.api.multi.MultiPatternAlgorithm;
import org.gpumatch.api.AlgorithmFamily;
import org.gpumatch.aparapi.multi.MultiPatternPlanner;
import org.gpumatch.aparapi.multi.MultiWorkload;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.api.stream.ChunkSizes;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.InputStreamSource;
import org.gpumatch.api.stream.MultiChunkedSearch;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * {@code count} and {@code find} with {@code --patterns-file}: the patterns file ({@link PatternsFile}), the method
 * ({@code -a auto|multi-fused|multi-rk|multi-cpu}, {@link MultiPatternPlanner}) and a {@link MultiChunkedSearch} of the text in
 * chunks ({@code --chunk-size}) overlapping by the longest pattern minus one byte. {@code count} prints
 * {@code label<TAB>count} per pattern in file order; {@code find} prints {@code offset<TAB>label} ({@link HitLines}),
 * ordered by offset, then index; the label is the pattern's 0-based index, or its name in a FASTA patterns file. A
 * FASTA or FASTQ text is searched record by record ({@link SequenceRecords}); {@code -i} folds text and patterns.
 * {@code --explain} prints the choice and the time on stderr.
 */
final class MultiPatternSearch {
    private MultiPatternSearch() {
    }

    /** Counts per pattern in {@code file}, printed with {@code prefix} (the FILE column, or ""). */
    static void count(SearchOptions options, PatternsFile.Parsed parsed, String file, String prefix, Io io) {
        long[] counts = new long[parsed.patterns().size()];
        run(options, parsed, file, io, (record, offset, index) -> counts[index]++);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < counts.length; i++) {
            sb.append(prefix).append(parsed.label(i)).append('\t').append(counts[i]).append('\n');
        }
        io.out().print(sb);
    }

    /** Prints every occurrence in {@code file} through {@code lines}. */
    static void find(SearchOptions options, PatternsFile.Parsed parsed, String file, HitLines lines, Io io) {
        run(options, parsed, file, io, (record, offset, index) -> lines.hit(record, offset, parsed.label(index)));
    }

    /** One occurrence: its record (null outside records), offset and pattern index. */
    interface Hits {
        void hit(String record, long offset, int index);
    }

    /** Hands every occurrence in {@code file} to {@code hits}, ordered by offset, then index. */
    static void run(SearchOptions options, PatternsFile.Parsed parsed, String file, Io io, Hits hits) {
        if (options.pattern != null) {
            throw new CliException("give -p or --patterns-file, not both");
        }
        String name = options.algorithm == null ? AlgorithmFamily.AUTO : options.algorithm.strip();
        if (!MultiPatternAlgorithm.FAMILY.takes(name)) {
            throw new CliException("--patterns-file takes -a " + String.join("|", MultiPatternAlgorithm.FAMILY.names())
                    + ", not " + name);
        }
        ComputeDevice device = options.devices != null ? null : ExactSearch.selectDevice(options.device).device();
        TextInput input = TextInput.open(file, options.raw);
        SequenceFormat format = options.raw ? SequenceFormat.RAW : SequenceFormat.of(input.head(SequenceFormat.HEAD_BYTES));
        PatternSet patterns = searchPatterns(parsed, options.ignoreCase, format);
        long chunk = options.chunkSize == null ? ChunkSizes.DEFAULT_CHUNK_BYTES : options.chunkSize;
        long t0 = System.nanoTime();
        MultiPatternPlanner.Choice choice;
        if (options.devices != null) { // split across a device set (DeviceSetSearch)
            choice = new MultiPatternPlanner.Choice(DeviceSetSearch.multiMatcher(options, name), "--devices "
                    + options.devices, null);
        } else {
            try {
                choice = MultiPatternPlanner.choose(name, device, MultiWorkload.of(
                        input.size() < 0 ? Long.MAX_VALUE : input.size(), patterns, MultiWorkload.Start.NEW_PROCESS));
            } catch (IllegalArgumentException e) {
                throw new CliException(e.getMessage());
            }
        }
        try (var matcher = choice.matcher()) {
            MultiChunkedSearch search = new MultiChunkedSearch(matcher, chunk);
            if (format == SequenceFormat.RAW) {
                try (ChunkSource source = options.ignoreCase
                        ? new InputStreamSource(AsciiFold.folding(input.openStream())) : input.chunks()) {
                    search.find(source, patterns, (offset, index) -> hits.hit(null, offset, index));
                }
            } else {
                SequenceRecords.read(input, format, batch -> {
                    if (options.ignoreCase) {
                        AsciiFold.fold(batch.text(), 0, batch.text().length);
                    }
                    try (ChunkSource source = new InputStreamSource(new ByteArrayInputStream(batch.text()))) {
                        search.find(source, patterns, (offset, index) -> batch.locate(offset, patterns.length(index),
                                (record, at) -> hits.hit(record, at, index)));
                    }
                });
            }
            if (options.explain) {
                explain(io, choice, matcher, format, input, t0);
            }
        } catch (IOException e) {
            throw new CliException("cannot read " + input.name() + ": " + TextFiles.describe(e));
        } catch (UncheckedIOException e) {
            throw new CliException("cannot read " + input.name() + ": " + TextFiles.describe(e.getCause()));
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    private static void explain(Io io, MultiPatternPlanner.Choice choice, MultiPatternMatcher matcher,
                                SequenceFormat format, TextInput input, long t0) {
        List<String> plan = choice.explainLines();
        io.err().println(Diagnostics.PREFIX + "plan: " + plan.get(0));
        for (String line : plan.subList(1, plan.size())) {
            io.err().println(Diagnostics.PREFIX + line);
        }
        io.err().println(Diagnostics.PREFIX + "run: " + matcher.explain());
        if (format != SequenceFormat.RAW) {
            io.err().println(Diagnostics.PREFIX + input.name() + ": " + format.label() + ", its sequences searched "
                    + "record by record (--raw searches the bytes)");
        }
        io.err().printf(java.util.Locale.ROOT, "%stime: %.1f ms (patterns file, kernel compile and upload "
                + "included)%n", Diagnostics.PREFIX, (System.nanoTime() - t0) / 1e6);
    }

    /** The patterns as searched: folded with {@code -i}, upper case in FASTA (see {@link ExactSearch#searchPattern}). */
    private static PatternSet searchPatterns(PatternsFile.Parsed parsed, boolean ignoreCase, SequenceFormat format) {
        if (!ignoreCase && format != SequenceFormat.FASTA) {
            return parsed.set();
        }
        List<byte[]> out = new ArrayList<>(parsed.patterns().size());
        for (byte[] p : parsed.patterns()) {
            out.add(ExactSearch.searchPattern(p, ignoreCase, format).toByteArray());
        }
        return PatternSet.of(out);
    }
}
