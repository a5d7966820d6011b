package org.gpumatch.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code gpumatch bench ...}: the benchmarks are not in this jar. They are the bench module's own executable jar
 * ({@code bench/target/gpumatch-bench.jar}, {@code gpumatch-bench.jar} in the GPU bundle), which carries JMH,
 * commons-math3 and XChart; the {@code ./gpumatch} launcher runs that jar when the first word is {@code bench}, so this
 * command is reached only when {@code gpumatch.jar} is run without the launcher ({@code java -jar gpumatch.jar bench}).
 * It stays in the command tree so that {@code --help}, completion and the manual pages name it and say where it is.
 * Exit 2 with one line naming the two ways to run it.
 */
@Command(name = "bench",
        description = "Measure the device ceilings and the algorithms next to CPU peers; paper-style tables, CSV and "
                + "plots under bench/results. Its own jar (gpumatch-bench.jar), which the ./gpumatch launcher runs: "
                + "'gpumatch bench --help' lists the suites and options.",
        customSynopsis = "gpumatch bench <suite> [--quick] [--device D] [--out DIR] [--help]")
final class BenchCommand implements Callable<Integer> {
    /** Everything after {@code bench}, collected so that any bench command line gets the same answer. */
    @Unmatched
    List<String> captured = new ArrayList<>();

    @Override
    public Integer call() {
        throw new CliException("bench is not in this jar: run it through the launcher (./gpumatch bench ...) or as "
                + "java -jar bench/target/gpumatch-bench.jar ... (gpumatch-bench.jar in the GPU bundle)");
    }
}
