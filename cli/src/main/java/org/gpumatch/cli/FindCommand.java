package org.gpumatch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code gpumatch find -p PATTERN FILE}: the 0-based byte offsets of all occurrences, ascending, one per line. */
@Command(name = "find", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print the 0-based byte offsets of all occurrences of PATTERN in FILE, ascending, one per line "
                + "(overlapping occurrences included).",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch find -p GATTACA genome.txt",
                  "  gpumatch find -p 'class ' --device java src.txt | head"})
final class FindCommand implements Callable<Integer> {
    private final Io io;

    @Mixin
    SearchOptions options;

    FindCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        int[] offsets;
        try (ExactSearch search = ExactSearch.prepare(options, io)) {
            offsets = search.find();
        }
        new OffsetWriter(io.out()).writeAll(offsets);
        return ExitCodes.OK;
    }
}
