package org.gpumatch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpumatch find -p PATTERN FILE}: the 0-based byte offsets of all occurrences, ascending, one per line. */
@Command(name = "find", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print the 0-based byte offsets of all occurrences of PATTERN in FILE, ascending, one per line "
                + "(overlapping occurrences included); in a FASTA or FASTQ file 'record<TAB>offset' lines, the offset "
                + "0-based in the record's sequence, never spanning two records.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch find -p GATTACA genome.txt",
                  "  gpumatch find -p 'class ' --device java src.txt | head",
                  "  gpumatch find --hex -p 00ff80 --chunk-size 1g disk.img",
                  "  gpumatch find -p GATTACA hg38.fa.gz          (chr1<TAB>10468 lines)",
                  "  gpumatch find --patterns-file guides.fa reads.fq"})
final class FindCommand implements Callable<Integer> {
    private final Io io;

    @Mixin
    SearchOptions options;

    @Option(names = "--patterns-file", paramLabel = "F",
            description = "Search for every pattern in F instead of -p: one a line (blank and # lines skipped; hex "
                    + "with --hex; see --literal-lines), or FASTA records; - reads standard input. Prints "
                    + "offset<TAB>index lines (the record's name for a FASTA F).")
    String patternsFile;

    FindCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        PatternsFile.Parsed parsed = patternsFile == null ? null
                : PatternsFile.parse(patternsFile, options.hex, options.literalLines);
        if (options.json) {
            return json(parsed);
        }
        boolean many = options.files.size() > 1;
        OffsetWriter writer = new OffsetWriter(io.out());
        try {
            for (String file : options.files) {
                HitLines lines = new HitLines(writer, many ? file : null);
                if (parsed != null) {
                    MultiPatternSearch.find(options, parsed, file, lines, io);
                } else {
                    options.exactSearch(file, io, lines::hit);
                }
                if (lines.broken()) {
                    break;
                }
            }
        } catch (OutputClosed e) {
            // stdout was closed (find ... | head) in a test's PrintStream: nobody reads the rest, so stop searching
        }
        writer.flush();
        return ExitCodes.OK;
    }

    /** {@code --json}: rg-shaped JSON lines ({@link JsonLines}). */
    private int json(PatternsFile.Parsed parsed) {
        JsonLines json = new JsonLines(io.out());
        byte[] typed = parsed == null ? ExactSearch.parsePattern(options.pattern, options.hex).toByteArray() : null;
        for (String file : options.files) {
            json.begin(file);
            if (parsed != null) {
                MultiPatternSearch.run(options, parsed, file, io, (record, offset, index) ->
                        json.match(record, offset, parsed.patterns().get(index), parsed.label(index)));
            } else {
                options.exactSearch(file, io, (record, offset) -> json.match(record, offset, typed, null));
            }
            json.end(json.fileMatches());
        }
        json.summary();
        return ExitCodes.OK;
    }

    /** Thrown by the sink to stop the search when stdout is gone; never reaches the user. */
    static final class OutputClosed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputClosed() {
            super("stdout closed", null, false, false);
        }
    }
}
