package org.gpumatch.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.gpumatch.checker.CheckerCli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code gpumatch sa check TEXT SA [--format int32|int64|int40] [--threads N]}: delegates its arguments, untouched, to
 * the checker module's own command line ({@link CheckerCli#run}), which owns their parsing and {@code --help}.
 *
 * <p>Output: the checker's {@code OK} or {@code FAIL: ...} line on stdout, unchanged; its error lines on stderr get the
 * {@code gpumatch: sa check: } prefix every gpumatch message has. Exit codes are the checker's: 0 OK, 1 FAIL, 2 usage or
 * input error.
 */
@Command(name = "check",
        description = "Check that SA is the suffix array of TEXT (raw bytes; SA little-endian int32, int64 or int40). "
                + "Run 'gpumatch sa check --help' for the checker's options.",
        customSynopsis = "gpumatch sa check TEXT SA [--format int32|int64|int40] [--threads N] [--help]")
final class SaCheckCommand implements Callable<Integer> {
    private final Io io;

    @Spec
    CommandSpec spec;

    /** Everything after {@code check}; picocli only collects it, the checker parses it. */
    @Unmatched
    List<String> captured = new ArrayList<>();

    SaCheckCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        return PassThrough.run(io, spec, captured, (args, streams) -> CheckerCli.run(args, streams[0], streams[1]),
                Diagnostics.PREFIX + "sa check: ", "sa", "check");
    }
}
