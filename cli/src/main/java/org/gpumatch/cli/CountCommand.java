package org.gpumatch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpumatch count -p PATTERN FILE}: one line, the number of (overlapping) occurrences. */
@Command(name = "count", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print the number of occurrences of PATTERN in FILE (overlapping occurrences included; in a "
                + "FASTA or FASTQ file, those inside one record's sequence).",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch count -p GATTACA genome.txt",
                  "  gpumatch count -p 00ff80 --hex -a drk-wom-64 --device opencl data.bin",
                  "  gpumatch count -p TATA --explain genome.txt",
                  "  gpumatch count -p GATTACA reads.fq.gz hg38.fa.gz",
                  "  gpumatch count -i -p 'error' *.log",
                  "  zcat reads.txt.gz | gpumatch count -p GATTACA --chunk-size 256m -"})
final class CountCommand implements Callable<Integer> {
    private final Io io;

    @Mixin
    SearchOptions options;

    @Option(names = "--patterns-file", paramLabel = "F",
            description = "Search for every pattern in F instead of -p: one a line (blank and # lines skipped; hex "
                    + "with --hex; see --literal-lines), or FASTA records; - reads standard input. Prints "
                    + "index<TAB>count per pattern (the record's name for a FASTA F).")
    String patternsFile;

    CountCommand(Io io) {
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
        for (String file : options.files) {
            String prefix = many ? file + "\t" : "";
            if (parsed != null) {
                MultiPatternSearch.count(options, parsed, file, prefix, io);
            } else {
                io.out().println(prefix + options.exactSearch(file, io, null));
            }
        }
        return ExitCodes.OK;
    }

    /** {@code --json}: begin, end (its stats hold the count) per FILE, and the summary; no match lines. */
    private int json(PatternsFile.Parsed parsed) {
        JsonLines json = new JsonLines(io.out());
        for (String file : options.files) {
            json.begin(file);
            long n;
            if (parsed != null) {
                long[] total = {0};
                MultiPatternSearch.run(options, parsed, file, io, (record, offset, index) -> total[0]++);
                n = total[0];
            } else {
                n = options.exactSearch(file, io, null);
            }
            json.add(n);
            json.end(n);
        }
        json.summary();
        return ExitCodes.OK;
    }
}
