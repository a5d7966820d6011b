package org.gpumatch.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gpumatch.gpu.devices.DeviceFailedException;
import org.gpumatch.gpu.runtime.DeviceFallbackException;
import org.gpumatch.gpu.runtime.DeviceUnavailableException;
import org.gpumatch.gpu.runtime.KernelCompilationException;
import org.gpumatch.api.UnsupportedInputException;

/**
 * Turns anything a command throws into exactly one stderr line starting with {@code gpumatch: } and an exit code.
 *
 * <p>User and input errors say what is wrong. Internal failures (a kernel that did not compile, a launch that did not run
 * on the planned device, a bug) keep the same contract, one line and exit 2, but first write the details (the generated
 * OpenCL, the stack trace) to a file in the temporary directory and name that file in the line.
 */
final class Diagnostics {
    /** The prefix of every message line. */
    static final String PREFIX = "gpumatch: ";
    /** Longest message printed; the rest of a longer one goes to a details file. */
    private static final int MAX_LINE = 2000;

    private Diagnostics() {
    }

    /** Reports {@code failure} on {@code err} in one line and returns the exit code. */
    static int report(Throwable failure, PrintStream err) {
        String line;
        int code = ExitCodes.USAGE;
        if (failure instanceof OutputFailedException e) {
            if (e.closedPipe()) {
                return ExitCodes.OK; // find ... | head: the reader has what it wanted
            }
            line = e.getMessage();
        } else if (failure instanceof CliException e) {
            line = e.getMessage();
            code = e.exitCode();
        } else if (failure instanceof UnsupportedInputException || failure instanceof DeviceUnavailableException) {
            line = failure.getMessage();
        } else if (failure instanceof KernelCompilationException e) {
            line = "internal error: " + firstLine(e.getMessage()) + " (OpenCL source and details written to "
                    + writeDetails("kernel", e.getMessage() + "\n\n--- generated OpenCL ---\n" + e.openClSource()
                    + "\n\n--- stack trace ---\n" + stackTrace(e)) + ")";
        } else if (failure instanceof DeviceFallbackException e) {
            line = "internal error: " + firstLine(e.getMessage()) + " (details written to "
                    + writeDetails("fallback", e.getMessage() + "\n\n--- stack trace ---\n" + stackTrace(e)) + ")";
        } else if (failure instanceof DeviceFailedException e) { // a member of --devices: name it, keep the details
            line = firstLine(e.getMessage()) + " (details written to "
                    + writeDetails("device", e.getMessage() + "\n\n--- stack trace ---\n" + stackTrace(e)) + ")";
        } else if (failure instanceof OutOfMemoryError) {
            line = "out of Java heap (maximum " + Units.bytes(Runtime.getRuntime().maxMemory())
                    + "): give the JVM more with GPUMATCH_HEAP (e.g. GPUMATCH_HEAP=16g ./gpumatch ...)";
        } else {
            line = "internal error: " + failure.getClass().getSimpleName() + ": " + firstLine(failure.getMessage())
                    + " (details written to " + writeDetails("error", stackTrace(failure)) + ")";
        }
        err.println(PREFIX + oneLine(line));
        err.flush();
        return code;
    }

    /** The text on one line: line breaks and tabs become spaces; very long text is cut. */
    static String oneLine(String text) {
        String s = String.valueOf(text).replaceAll("\\s*[\\r\\n]+\\s*", " ").replace('\t', ' ').strip();
        return s.length() <= MAX_LINE ? s : s.substring(0, MAX_LINE) + " ...";
    }

    private static String firstLine(String text) {
        String s = String.valueOf(text).strip();
        int nl = s.indexOf('\n');
        String first = nl < 0 ? s : s.substring(0, nl) + " ...";
        return first.length() <= 300 ? first : first.substring(0, 300) + " ...";
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }

    /** Writes {@code details} to a new file in the temporary directory and returns its path (or why it could not). */
    private static String writeDetails(String kind, String details) {
        try {
            Path file = Files.createTempFile("gpumatch-" + kind + "-", ".txt");
            Files.writeString(file, details, StandardCharsets.UTF_8);
            return file.toString();
        } catch (IOException | RuntimeException e) {
            return "nowhere: " + e.getMessage();
        }
    }
}
