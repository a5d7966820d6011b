package org.gpumatch.cli;

import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * {@code gpumatch manpage}: the manual pages picocli's {@link ManPageGenerator} writes from the command model, in
 * AsciiDoc (one page for gpumatch, or with {@code -d DIR} one file per command), for {@code asciidoctor -b manpage}.
 */
@Command(name = "manpage", mixinStandardHelpOptions = true,
        description = "Print the gpumatch manual page (AsciiDoc, generated from the command model), or with -d write "
                + "one page per command into DIR; asciidoctor -b manpage turns them into man pages.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch manpage | asciidoctor -b manpage -o gpumatch.1 - && man ./gpumatch.1",
                  "  gpumatch manpage -d man/ && asciidoctor -b manpage man/*.adoc"})
final class ManPageCommand implements Callable<Integer> {
    private final Io io;

    @Spec
    CommandSpec spec;

    @Option(names = {"-d", "--dir"}, paramLabel = "DIR", description = "Write gpumatch.adoc and one "
            + "gpumatch-COMMAND.adoc per command into DIR (created if missing).")
    File dir;

    ManPageCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        CommandSpec root = spec.parent();
        if (dir == null) {
            PrintWriter w = new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8));
            ManPageGenerator.writeSingleManPage(w, root);
            w.flush();
            return ExitCodes.OK;
        }
        try {
            if (!dir.isDirectory() && !dir.mkdirs()) {
                throw new CliException("cannot create the folder " + dir);
            }
            return ManPageGenerator.generateManPage(dir, null, new boolean[0], true, root) == 0 ? ExitCodes.OK
                    : ExitCodes.USAGE;
        } catch (IOException e) {
            throw new CliException("cannot write the manual pages into " + dir + ": " + e.getMessage());
        }
    }
}
