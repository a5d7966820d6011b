package org.gpumatch.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.gpumatch.bench.BenchCli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code gpumatch bench <suite> [--quick] [--device D] [--out DIR] ...}: delegates its arguments, untouched, to the
 * bench module's command line ({@link BenchCli#run}), which owns their parsing and {@code --help}. Exit codes are the
 * bench's: 0 done, 1 a measured answer disagreed with the oracle (the run aborts), 2 usage error.
 */
@Command(name = "bench",
        description = "Measure the device ceilings and the algorithms next to CPU peers; paper-style tables, CSV and "
                + "plots under bench/results. Suites: ceiling, exact, sa, results. Run 'gpumatch bench --help' for options.",
        customSynopsis = "gpumatch bench <suite> [--quick] [--device D] [--out DIR] [--text FILE] [--help]")
final class BenchCommand implements Callable<Integer> {
    private final Io io;

    @Spec
    CommandSpec spec;

    /** Everything after {@code bench}; picocli only collects it, the bench parses it. */
    @Unmatched
    List<String> captured = new ArrayList<>();

    BenchCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        return PassThrough.run(io, spec, captured, (args, streams) -> BenchCli.run(args, streams[0], streams[1]),
                Diagnostics.PREFIX, "bench"); // the bench's own messages already start with "bench: "
    }
}
