package org.gpumatch.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code gpumatch completion}: the bash completion script (it works in zsh too, after {@code bashcompinit}) that
 * picocli's {@link AutoComplete} generates from the command model, so it always lists the current commands and options.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = "Print a bash (and zsh) completion script for gpumatch, generated from its command model.",
        footerHeading = "%nInstall:%n",
        footer = {"  source <(gpumatch completion)                    (this shell)",
                  "  gpumatch completion > ~/.local/share/bash-completion/completions/gpumatch",
                  "  zsh: autoload -U +X bashcompinit && bashcompinit && source <(gpumatch completion)"})
final class CompletionCommand implements Callable<Integer> {
    private final Io io;

    @Spec
    CommandSpec spec;

    CompletionCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        io.out().print(AutoComplete.bash("gpumatch", spec.parent().commandLine()));
        return ExitCodes.OK;
    }
}
