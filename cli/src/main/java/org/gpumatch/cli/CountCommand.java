package org.gpumatch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpumatch count -p PATTERN FILE}: one line, the number of (overlapping) occurrences. */
@Command(name = "count", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print the number of occurrences of PATTERN in FILE (overlapping occurrences included).",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch count -p GATTACA genome.txt",
                  "  gpumatch count -p 00ff80 --hex -a drk-wom-64 --device opencl data.bin",
                  "  gpumatch count -p TATA --explain genome.txt",
                  "  zcat reads.fa.gz | gpumatch count -p GATTACA --chunk-size 256m -"})
final class CountCommand implements Callable<Integer> {
    private final Io io;

    @Mixin
    SearchOptions options;

    @Option(names = "--patterns-file", paramLabel = "F",
            description = "Search for every pattern in F (one a line; hex with --hex) instead of -p; "
                    + "prints index<TAB>count per pattern.")
    String patternsFile;

    CountCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        if (patternsFile != null) {
            return MultiPatternSearch.count(options, patternsFile, io);
        }
        io.out().println(ExactSearch.run(options, io, null));
        return ExitCodes.OK;
    }
}
