package org.gpumatch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

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

    CountCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        try (ExactSearch search = ExactSearch.prepare(options, io, false)) {
            io.out().println(search.count());
        }
        return ExitCodes.OK;
    }
}
