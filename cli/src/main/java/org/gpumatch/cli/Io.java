package org.gpumatch.cli;

import java.io.PrintStream;

/**
 * The output streams of one {@link GpumatchCli#run} call, handed to every command: results go to {@code out}, messages to
 * {@code err}.
 *
 * @param out results (counts, offsets, tables)
 * @param err messages, notices and {@code --explain} output
 */
record Io(PrintStream out, PrintStream err) {
}
