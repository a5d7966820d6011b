package org.gpumatch.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.function.ToIntBiFunction;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Runs a module's own command line ({@code CheckerCli.run}) with the arguments exactly as typed
 * after a gpumatch subcommand: that module owns their parsing and {@code --help}. Its stdout is passed on unchanged and
 * its stderr lines get a {@code gpumatch: } prefix like every gpumatch message; its exit code is kept.
 */
final class PassThrough {
    private PassThrough() {
    }

    /** Makes {@code command} collect everything after it untouched (options included). */
    static void configure(CommandLine command) {
        command.setStopAtUnmatched(true);
        command.setUnmatchedOptionsArePositionalParams(true);
    }

    /**
     * Runs {@code tool} on the arguments after {@code path} (e.g. {@code "sa", "check"}) in the original command line.
     *
     * @param captured  what picocli collected, used if the path is not found (it may have consumed a {@code --})
     * @param errPrefix what goes before each of the tool's stderr lines
     */
    static int run(Io io, CommandSpec spec, List<String> captured, ToIntBiFunction<String[], PrintStream[]> tool,
                   String errPrefix, String... path) {
        String[] args = argumentsAfter(spec.commandLine().getParseResult().originalArgs(), captured, path);
        io.out().flush();
        PrintStream err = LinePrefixStream.prefixing(io.err(), errPrefix);
        int code = tool.applyAsInt(args, new PrintStream[] {io.out(), err});
        err.flush();
        io.out().flush();
        return code;
    }

    private static String[] argumentsAfter(List<String> original, List<String> captured, String... path) {
        for (int i = 0; i + path.length <= original.size(); i++) {
            if (original.subList(i, i + path.length).equals(List.of(path))) {
                return original.subList(i + path.length, original.size()).toArray(new String[0]);
            }
        }
        return captured.toArray(new String[0]);
    }
}
