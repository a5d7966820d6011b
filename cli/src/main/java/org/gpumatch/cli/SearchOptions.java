package org.gpumatch.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The options {@code count} and {@code find} share (a picocli mixin). */
final class SearchOptions {
    @Option(names = {"-p", "--pattern"}, required = true, paramLabel = "PATTERN",
            description = "The pattern: its UTF-8 bytes, or with --hex, hex digits of arbitrary bytes. "
                    + "A pattern starting with '-' is written -p=-x.")
    String pattern;

    @Option(names = {"-a", "--algorithm"}, paramLabel = "ALG", defaultValue = Algorithms.AUTO,
            description = "Algorithm: ${COMPLETION-CANDIDATES}. Default auto: the planner chooses (see --explain).",
            completionCandidates = Algorithms.Candidates.class)
    String algorithm;

    @Option(names = "--device", paramLabel = "D",
            description = "auto, gpu, opencl, java, or a substring of an OpenCL device name "
                    + "(default: -Dgpumatch.device, else auto). See 'gpumatch devices'.")
    String device;

    @Option(names = "--hex", description = "Read PATTERN as hex digits, e.g. 00ff80 (whitespace ignored).")
    boolean hex;

    @Option(names = "--explain", description = "Print the plan (algorithm, device, why), the input and the times on stderr.")
    boolean explain;

    @Parameters(index = "0", paramLabel = "FILE", description = "The text to search (at most 2^31-9 bytes); - reads standard input.")
    String file;
}
