package org.gpumatch.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/** The options {@code count} and {@code find} share (a picocli mixin). */
final class SearchOptions {
    @Option(names = {"-p", "--pattern"}, paramLabel = "PATTERN", preprocessor = AttachedValue.class,
            description = "The pattern: its UTF-8 bytes, or with --hex, hex digits of arbitrary bytes. "
                    + "A pattern starting with '-' is written -p=-x.")
    String pattern;

    /**
     * Takes an attached value ({@code -p=--}, {@code --pattern=--}) as it is: picocli would read a value of exactly
     * {@code --} as the end of the options and refuse it, though the user wrote it as the pattern (grep and ripgrep
     * take {@code -e --}). A detached value goes through picocli's usual checks.
     */
    static final class AttachedValue implements picocli.CommandLine.IParameterPreprocessor {
        @Override
        public boolean preprocess(java.util.Stack<String> args, picocli.CommandLine.Model.CommandSpec spec,
                                  picocli.CommandLine.Model.ArgSpec arg, java.util.Map<String, Object> info) {
            if ("=".equals(info.get("separator")) && !args.isEmpty() && args.peek().equals("--")) {
                arg.setValue(args.pop());
                return true;
            }
            return false;
        }
    }

    @Option(names = {"-a", "--algorithm"}, paramLabel = "ALG", defaultValue = Algorithms.AUTO,
            description = "Algorithm: ${COMPLETION-CANDIDATES}. Default auto: the planner chooses (see --explain).",
            completionCandidates = Algorithms.Candidates.class)
    String algorithm;

    @Option(names = "--device", paramLabel = "D",
            description = "auto, gpu, opencl, java, or a substring of an OpenCL device name "
                    + "(default: -Dgpumatch.device, else auto). See 'gpumatch devices'.")
    String device;

    @Option(names = "--devices", paramLabel = "LIST", description = DeviceSetSearch.HELP)
    String devices;

    @Option(names = "--hex", description = "Read PATTERN as hex digits, e.g. 00ff80 (whitespace ignored).")
    boolean hex;

    @Option(names = "--raw",
            description = "Search FILE's bytes as they are: a .gz file is not decompressed, a FASTA or FASTQ file "
                    + "is searched whole (title lines, line breaks and qualities included).")
    boolean raw;

    @Option(names = "--literal-lines",
            description = "With --patterns-file: every line is a pattern as it is (spaces, tabs, a leading # or > "
                    + "included); by default blank and # lines are skipped, a FASTA file's records are the patterns, "
                    + "and a space or tab in a pattern line is an error naming the line.")
    boolean literalLines;

    @Option(names = "--chunk-size", paramLabel = "SIZE", converter = ByteSize.class,
            description = "Stream FILE in chunks of SIZE bytes (64k, 256m, 1g; binary units) that overlap by m-1 "
                    + "bytes, holding two chunks in memory; also standard input. Default: FILE is held whole, and "
                    + "streamed in 256 MiB chunks when it is larger than 2^31-9 bytes or than half the free Java heap.")
    Long chunkSize;

    @Option(names = {"-q", "--quiet"},
            description = "No progress bar (otherwise drawn on stderr for inputs over 1 GB when stderr is a terminal) "
                    + "and no notices; errors and --explain still print.")
    boolean quiet;

    @Option(names = "--explain", description = "Print the plan (algorithm, device, why), the input and the times on stderr.")
    boolean explain;

    @Option(names = "--json",
            description = "JSON lines in the shape of ripgrep's --json: begin and end per FILE, one match per "
                    + "occurrence (find), a summary last.")
    boolean json;

    @Option(names = {"-i", "--ignore-case"},
            description = "ASCII case-insensitive: A-Z match a-z (text and patterns are folded; other bytes, UTF-8 "
                    + "included, match exactly). Runs on the device like any search.")
    boolean ignoreCase;

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "The texts to search: files of any size (.gz decompressed on the fly; FASTA and FASTQ "
                    + "files searched record by record, unless --raw), or - for standard input. With several FILEs "
                    + "every output line starts with FILE and a tab.")
    java.util.List<String> files;

    /**
     * {@code count}/{@code find} with {@code -p}: split over the device set of {@code --devices}
     * ({@link DeviceSetSearch}, loaded only then), else {@link ExactSearch} as always.
     */
    long exactSearch(String file, Io io, SequenceRecords.RecordHits hits) {
        return devices == null ? ExactSearch.run(this, file, io, hits) : DeviceSetSearch.exact(this, file, io, hits);
    }

    /** Parses {@code --chunk-size}. */
    static final class ByteSize implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return Units.bytesOf(value).orElseThrow(() -> new TypeConversionException("not a size: \"" + value
                    + "\" (" + Units.SIZE_HINT + ")"));
        }
    }
}
