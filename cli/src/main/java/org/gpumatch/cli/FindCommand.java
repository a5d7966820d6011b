package org.gpumatch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpumatch find -p PATTERN FILE}: the 0-based byte offsets of all occurrences, ascending, one per line. */
@Command(name = "find", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print the 0-based byte offsets of all occurrences of PATTERN in FILE, ascending, one per line "
                + "(overlapping occurrences included).",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch find -p GATTACA genome.txt",
                  "  gpumatch find -p 'class ' --device java src.txt | head",
                  "  gpumatch find --hex -p 00ff80 --chunk-size 1g disk.img"})
final class FindCommand implements Callable<Integer> {
    private final Io io;

    @Mixin
    SearchOptions options;

    @Option(names = "--patterns-file", paramLabel = "F",
            description = "Search for every pattern in F (one a line; hex with --hex) instead of -p; "
                    + "prints offset<TAB>index lines.")
    String patternsFile;

    FindCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        if (patternsFile != null) {
            return MultiPatternSearch.find(options, patternsFile, io);
        }
        OffsetWriter writer = new OffsetWriter(io.out());
        try {
            ExactSearch.run(options, io, offset -> {
                writer.write(offset);
                if (writer.broken()) {
                    throw new OutputClosed();
                }
            });
        } catch (OutputClosed e) {
            // stdout was closed (find ... | head): nobody reads the rest, so stop searching
        }
        writer.flush();
        return ExitCodes.OK;
    }

    /** Thrown by the sink to stop the search when stdout is gone; never reaches the user. */
    private static final class OutputClosed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputClosed() {
            super("stdout closed", null, false, false);
        }
    }
}
