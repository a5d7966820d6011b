package org.gpumatch.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
        String[] args = rawArguments();
        io.out().flush();
        PrintStream prefixedErr = new PrintStream(new LinePrefixStream(io.err(),
                Diagnostics.PREFIX + "sa check: "), true, StandardCharsets.UTF_8);
        int code = CheckerCli.run(args, io.out(), prefixedErr);
        prefixedErr.flush();
        io.out().flush();
        return code;
    }

    /** The arguments exactly as typed after {@code sa check} (picocli may have consumed a {@code --}). */
    private String[] rawArguments() {
        List<String> original = spec.commandLine().getParseResult().originalArgs();
        for (int i = 0; i + 1 < original.size(); i++) {
            if (original.get(i).equals("sa") && original.get(i + 1).equals("check")) {
                return original.subList(i + 2, original.size()).toArray(new String[0]);
            }
        }
        return captured.toArray(new String[0]);
    }

    /** Writes {@code prefix} before each line that goes through it. */
    private static final class LinePrefixStream extends OutputStream {
        private final PrintStream target;
        private final byte[] prefix;
        private boolean atLineStart = true;

        LinePrefixStream(PrintStream target, String prefix) {
            this.target = target;
            this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public void write(int b) {
            if (atLineStart) {
                target.write(prefix, 0, prefix.length);
                atLineStart = false;
            }
            target.write(b);
            if (b == '\n') {
                atLineStart = true;
            }
        }

        @Override
        public void flush() {
            target.flush();
        }
    }
}
