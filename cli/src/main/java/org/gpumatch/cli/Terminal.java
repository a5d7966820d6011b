package org.gpumatch.cli;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a standard stream is a terminal, and where a progress bar goes. Java 17 answers the first only for stdin and
 * stdout together ({@code System.console()}); on Linux the link {@code /proc/self/fd/N} names the terminal device a
 * descriptor is open on ({@code /dev/pts/3}, {@code /dev/tty1}). Elsewhere, or when the link cannot be read, the answer
 * is "not a terminal", which only turns the progress bar off.
 */
final class Terminal {
    /**
     * Set by the {@code ./gpumatch} launcher to the terminal its own stderr is on: the launcher passes the JVM's stderr
     * through a line filter (a pipe), so the bar, which redraws one line with carriage returns, is written to that
     * terminal directly.
     */
    static final String LAUNCHER_TTY = "GPUMATCH_PROGRESS_TTY";

    private Terminal() {
    }

    /** Whether standard output (descriptor 1) is a terminal. */
    static boolean stdout() {
        return isTerminal(Path.of("/proc/self/fd/1"));
    }

    /**
     * Where a progress bar may be drawn: {@code err} when descriptor 2 is a terminal, else the terminal named by
     * {@link #LAUNCHER_TTY}, else null.
     */
    static PrintStream progressStream(PrintStream err) {
        if (isTerminal(Path.of("/proc/self/fd/2"))) {
            return err;
        }
        String tty = System.getenv(LAUNCHER_TTY);
        if (tty == null || !isTerminalDevice(tty)) {
            return null;
        }
        try {
            return new PrintStream(new FileOutputStream(tty), true, StandardCharsets.UTF_8);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** Whether the symbolic link {@code fdLink} points to a terminal device. */
    static boolean isTerminal(Path fdLink) {
        try {
            return isTerminalDevice(Files.readSymbolicLink(fdLink).toString());
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    private static boolean isTerminalDevice(String path) {
        return path.startsWith("/dev/pts/") || path.startsWith("/dev/tty");
    }
}
