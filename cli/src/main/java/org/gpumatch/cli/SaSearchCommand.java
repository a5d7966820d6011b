package org.gpumatch.cli;

import java.util.concurrent.Callable;
import org.gpumatch.checker.ByteSequence;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.IndexSequence;
import org.gpumatch.suffixarray.LongSuffixArraySearch;
import org.gpumatch.suffixarray.SaisBuilder;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpumatch sa search TEXT SA (-p PATTERN | --patterns-file F) [--find] [--format ...] [--mapped]}: counts (or with
 * {@code --find} lists, ascending, one per line) the occurrences of a pattern by binary search over the suffix array;
 * with a patterns file (one pattern per line, UTF-8 bytes without the line break) prints {@code index<TAB>count} per
 * pattern in file order. The suffix array is not verified here ({@code sa check} does that).
 *
 * <p>Cost: reads TEXT and SA whole (5 bytes per text byte for int32), or with {@code --mapped} (always for texts over
 * {@link SaisBuilder#MAX_LENGTH} bytes) maps them ({@link LongSuffixArraySearch}: any length, no heap beyond the
 * answers; an entry that is not an offset of the text is an error when the search meets it); O(m log n) per pattern.
 */
@Command(name = "search", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Count (or --find) the occurrences of a pattern in TEXT by binary search over its suffix array SA.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch sa search genome.txt genome.sa -p GATTACA",
                  "  gpumatch sa search genome.txt genome.sa -p GATTACA --find",
                  "  gpumatch sa search genome.txt genome.sa --patterns-file reads.txt"})
final class SaSearchCommand implements Callable<Integer> {
    private final Io io;

    @Parameters(index = "0", paramLabel = "TEXT", description = "The text file.")
    String textName;

    @Parameters(index = "1", paramLabel = "SA", description = "Its suffix array file.")
    String saName;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Query query;

    /** Exactly one source of patterns. */
    static final class Query {
        @Option(names = {"-p", "--pattern"}, paramLabel = "PATTERN", description = "The pattern (the bytes typed).")
        String pattern;

        @Option(names = "--patterns-file", paramLabel = "F",
                description = "Patterns in the shared grammar (one per line, # comments, FASTA records; see "
                        + "cli/README.md); prints 'index<TAB>count' per pattern in file order.")
        String patternsFile;
    }

    @Option(names = "--literal-lines",
            description = "With --patterns-file: every line is a pattern as it is (spaces, tabs, a leading # or > "
                    + "included), as count and find take it.")
    boolean literalLines;

    @Option(names = "--find", description = "Print the sorted offsets instead of the count (single pattern only).")
    boolean find;

    @Option(names = "--format", paramLabel = "int32|int64|int40", defaultValue = "int32",
            description = "Entry format of SA (default int32).")
    String format;

    @Option(names = "--mapped", description = "Search through memory-mapped TEXT and SA instead of reading them into "
            + "memory (always for texts over 2147483639 bytes).")
    boolean mapped;

    SaSearchCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        EntryFormat fmt = SaFiles.format(format);
        if (find && query.patternsFile != null) {
            throw new CliException("--find takes a single pattern (-p), not --patterns-file");
        }
        byte[][] patterns = query.pattern != null
                ? new byte[][] {ExactSearch.parsePattern(query.pattern, false).toByteArray()}
                : PatternsFile.parse(query.patternsFile, false, literalLines).patterns().toArray(byte[][]::new);
        LongSuffixArraySearch search = search(fmt);
        try {
            return print(search, patterns);
        } catch (IllegalArgumentException e) { // an entry of a mapped array that is not an offset of the text
            throw new CliException(saName + ": " + e.getMessage());
        }
    }

    /** The search over TEXT and SA: mapped with --mapped or a text over the heap limit, else read whole. */
    private LongSuffixArraySearch search(EntryFormat fmt) {
        TextInput input = TextInput.open(textName);
        if (mapped || input.size() > SaisBuilder.MAX_LENGTH) {
            if (input.isStream()) { // a mapping of a pipe or of compressed bytes would search the wrong text
                throw new CliException("--mapped needs the text as a regular, uncompressed file, not " + input.name());
            }
            return SaFiles.mappedSearch(input.file(), saName, fmt);
        }
        byte[] text = input.readAll(SaisBuilder.MAX_LENGTH, "a text read into memory holds");
        return new LongSuffixArraySearch(ByteSequence.of(text),
                IndexSequence.of(SaFiles.readSuffixArray(saName, fmt, text.length)));
    }

    private int print(LongSuffixArraySearch search, byte[][] patterns) {
        if (query.pattern != null) {
            if (find) {
                StringBuilder sb = new StringBuilder();
                for (long off : search.find(patterns[0])) {
                    sb.append(off).append('\n');
                }
                io.out().print(sb);
            } else {
                io.out().println(search.count(patterns[0]));
            }
            return ExitCodes.OK;
        }
        long[] counts = search.countAll(patterns);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < counts.length; i++) {
            sb.append(i).append('\t').append(counts[i]).append('\n');
        }
        io.out().print(sb);
        return ExitCodes.OK;
    }
}
