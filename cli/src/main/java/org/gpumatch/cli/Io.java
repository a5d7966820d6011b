package org.gpumatch.cli;

import java.io.PrintStream;

/**
 * The output streams of one {@link GpumatchCli#run} call, handed to every command: results go to {@code out}, messages to
 * {@code err}.
 *
 * @param out           results (counts, offsets, tables)
 * @param err           messages, notices and {@code --explain} output
 * @param outIsTerminal whether {@code out} is a terminal (then {@code find} draws no progress bar between its lines)
 * @param terminal      where a progress bar may be drawn: {@code err} when it is a terminal, the launcher's terminal
 *                      (see {@link Terminal#progressStream}), or null for none
 */
record Io(PrintStream out, PrintStream err, boolean outIsTerminal, PrintStream terminal) {
    /** Streams that are not terminals (tests, pipes, files): no progress bar. */
    Io(PrintStream out, PrintStream err) {
        this(out, err, false, null);
    }
}
