package org.gpumatch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gpumatch sa ...}: suffix array commands: {@code build}, {@code search}, {@code check} and {@code lcp}. */
@Command(name = "sa", mixinStandardHelpOptions = true,
        description = "Suffix array commands.",
        subcommands = {SaBuildCommand.class, SaSearchCommand.class, SaCheckCommand.class, SaLcpCommand.class},
        footerHeading = "%nExample:%n",
        footer = {"  gpumatch sa build text.bin -o text.sa --verify",
                  "  gpumatch sa search text.bin text.sa -p GATTACA",
                  "  gpumatch sa check text.bin text.sa --format int32",
                  "  gpumatch sa lcp text.bin text.sa -o text.lcp"})
final class SaCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new CliException("missing command: sa build, sa search, sa check or sa lcp (try 'gpumatch sa --help')");
    }

    /** Parser settings of the subtree: {@code sa check} passes its arguments through untouched. */
    static void configure(CommandLine sa) {
        PassThrough.configure(sa.getSubcommands().get("check"));
    }
}
