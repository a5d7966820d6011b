package org.gpumatch.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.gpumatch.aparapi.Search;
import org.gpumatch.api.Algorithm;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.UnsupportedInputException;
import org.gpumatch.api.stream.ChunkSizes;
import org.gpumatch.gpu.runtime.DeviceCatalog;

/**
 * One exact search as {@code count} and {@code find} run it: turns the options into a {@link Search} (which reads or
 * streams the input, plans, searches and explains), draws the progress bar, prints {@code --explain} and notices on
 * stderr, and turns the library's errors into one-line ones. Checks run in the order that reports the cheapest error
 * first: the pattern, {@code -a}, an explicit {@code --device}, the file, {@code --chunk-size}.
 */
final class ExactSearch {
    private ExactSearch() {
    }

    /**
     * Counts the occurrences in {@code file} ({@code hits} null) or hands every one to {@code hits}, ascending, and
     * returns their number. A FASTA or FASTQ file ({@link SequenceFormat}; not with {@code --raw}) is searched record
     * by record: hits name their record and never span two. With {@code -i} the text and the pattern are ASCII-folded
     * ({@link AsciiFold}). An unchecked exception of {@code hits} stops the search and is rethrown.
     */
    static long run(SearchOptions options, String file, Io io, SequenceRecords.RecordHits hits) {
        Pattern typed = parsePattern(options.pattern, options.hex);
        Optional<Algorithm> forced = Algorithms.parseExact(options.algorithm);
        Search.Builder builder = Search.on(devicePolicy(options.device)); // an explicit device is resolved here
        TextInput input = TextInput.open(file, options.raw);
        SequenceFormat format = options.raw ? SequenceFormat.RAW : SequenceFormat.of(input.head(SequenceFormat.HEAD_BYTES));
        Pattern pattern = searchPattern(typed.toByteArray(), options.ignoreCase, format);
        long chunk = chunkBytes(options.chunkSize, pattern.length());
        if (options.ignoreCase && chunk == 0 && input.size() > TextFiles.MAX_RESIDENT_BYTES / 2) {
            chunk = ChunkSizes.DEFAULT_CHUNK_BYTES; // a large file read folded, as a stream: in chunks
        }
        // find prints a line per result: no bar when stdout is the terminal too
        ProgressBar bar = ProgressBar.create(io, !options.quiet && !(hits != null && io.outIsTerminal())
                && format == SequenceFormat.RAW, input.size());
        Consumer<String> toStderr = line -> {
            bar.close(); // a message starts on a clean line; the bar redraws on the next update
            io.err().println(Diagnostics.PREFIX + line);
        };
        builder.algorithm(forced.orElse(null)).chunkBytes(chunk).progress((done, total) -> bar.update(done));
        if (options.explain) {
            builder.explain(toStderr);
            if (format != SequenceFormat.RAW) {
                toStderr.accept(input.name() + ": " + format.label() + ", its sequences searched record by record "
                        + "(--raw searches the bytes)");
            }
        }
        if (!options.quiet) {
            builder.notices(toStderr);
        }
        try (bar; Search search = builder.build()) {
            if (format != SequenceFormat.RAW) {
                return searchRecords(search, input, format, pattern, options.ignoreCase, hits);
            }
            LongConsumer sink = hits == null ? null : offset -> hits.hit(null, offset);
            if (input.isStream() || options.ignoreCase) {
                try (InputStream in = options.ignoreCase ? AsciiFold.folding(input.openStream()) : input.openStream()) {
                    return sink == null ? search.count(in, pattern) : search.find(in, pattern, sink);
                }
            }
            return sink == null ? search.count(input.file(), pattern) : search.find(input.file(), pattern, sink);
        } catch (IOException | UncheckedIOException e) {
            throw new CliException("cannot read " + input.name() + ": "
                    + TextFiles.describe(e instanceof UncheckedIOException u ? u.getCause() : (IOException) e));
        } catch (UnsupportedInputException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // the library's one-line refusals: a forced algorithm that cannot take the input, a stream too long
            String message = e.getMessage();
            if (forced.isPresent() && message.startsWith(forced.get().cliName() + " cannot search")) {
                throw new CliException("-a " + message + " (or -a auto)");
            }
            if (message.startsWith("the stream is longer than")) {
                throw new CliException(input.name() + " holds more than " + ChunkSizes.MAX_WINDOW_BYTES + " bytes, the "
                        + "largest text gpumatch keeps in memory (2^31-9); stream it with --chunk-size (e.g. "
                        + "--chunk-size 256m), or save it to a file, which is streamed by itself");
            }
            throw new CliException(message);
        }
    }

    /** The records of a FASTA or FASTQ input, a batch at a time; returns the hits inside one record. */
    private static long searchRecords(Search search, TextInput input, SequenceFormat format, Pattern pattern,
                                      boolean ignoreCase, SequenceRecords.RecordHits hits) throws IOException {
        long[] n = {0};
        SequenceRecords.RecordHits sink = hits == null ? (record, offset) -> { } : hits;
        int m = pattern.length();
        SequenceRecords.read(input, format, batch -> {
            if (ignoreCase) {
                AsciiFold.fold(batch.text(), 0, batch.text().length);
            }
            search.find(batch.text(), pattern, offset -> {
                if (batch.locate(offset, m, sink)) {
                    n[0]++;
                }
            });
        });
        return n[0];
    }

    /**
     * The bytes searched for {@code typed}: ASCII-folded with {@code -i}; in upper case in a FASTA file, whose
     * sequences are read in upper case (soft-masked bases are bases).
     */
    static Pattern searchPattern(byte[] typed, boolean ignoreCase, SequenceFormat format) {
        if (ignoreCase) {
            return Pattern.of(AsciiFold.folded(typed));
        }
        return format == SequenceFormat.FASTA ? Pattern.of(AsciiFold.upper(typed)) : Pattern.of(typed);
    }

    /** {@code --chunk-size} checked against the pattern (0 when not given: the library streams only what it must). */
    static long chunkBytes(Long option, int m) {
        if (option == null) {
            return 0;
        }
        if (option < 1) {
            throw new CliException("--chunk-size must be at least 1 byte: " + option);
        }
        long largest = (long) ChunkSizes.MAX_WINDOW_BYTES - (m - 1);
        if (option > largest) {
            throw new CliException("--chunk-size " + option + " is too large: with a pattern of " + m
                    + " bytes a chunk is at most " + largest + " bytes (2^31-9 - (m-1)), so that a chunk and the m-1 "
                    + "bytes after it fit in one text");
        }
        return option;
    }

    /**
     * The pattern's bytes: those the user typed ({@link RawArguments}: UTF-8 of the argument where the JVM could not
     * see them), or with {@code --hex} the bytes its hex digits spell.
     */
    static Pattern parsePattern(String arg, boolean hex) {
        if (arg == null) {
            throw new CliException("missing -p/--pattern PATTERN (or --patterns-file F); see gpumatch count --help");
        }
        if (arg.isEmpty() || (hex && arg.isBlank())) {
            throw new CliException("the pattern is empty");
        }
        if (!hex) {
            return Pattern.of(RawArguments.bytes(arg, "the pattern"));
        }
        try {
            return Pattern.hex(arg);
        } catch (IllegalArgumentException e) {
            throw new CliException("--hex: " + e.getMessage());
        }
    }

    /** The policy {@code --device} (or {@code -Dgpumatch.device}, or {@code auto}) names. */
    static DevicePolicy devicePolicy(String deviceOption) {
        return deviceOption == null ? DevicePolicy.fromSystemProperty() : DevicePolicy.parse(deviceOption);
    }

    /** The device {@code --device} (or {@code -Dgpumatch.device}, or {@code auto}) names; lists the OpenCL devices. */
    static DeviceCatalog.Selection selectDevice(String deviceOption) {
        return DeviceCatalog.get().select(devicePolicy(deviceOption));
    }
}
