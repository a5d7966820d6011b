package org.gpumatch.cli;

import java.io.PrintStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.gpumatch.gpu.runtime.AparapiSetup;

/**
 * Keeps Aparapi's Java logging out of the way: its one JUL logger ({@code com.aparapi.logLevel}) is detached from the
 * root console handler (two-line records with timestamps), so that an error stays one stderr line. Nothing is lost: the
 * runtime of matcher-aparapi records Aparapi's warnings itself and puts them into the message of the exception that
 * reports a failed compile or launch. When the user sets {@code -Dcom.aparapi.logLevel=LEVEL} (e.g. {@code INFO}, which
 * logs the generated OpenCL), records of that level and above are printed as one line each on the current command's
 * stderr, prefixed {@code gpumatch: aparapi: }; the harmless "Found unexpected Attribute" warnings about Java 11+
 * class-file attributes are dropped even then.
 *
 * <p>The set-up runs just before Aparapi's first use ({@link AparapiSetup}): a command that searches on the CPU never
 * initialises Java logging (about 20 ms of start-up).
 *
 * <p>Aparapi's native library prints "WARNING: Aparapi is running on an untested OpenCL platform version" on the
 * process's stderr by itself; Java cannot filter that.
 */
final class AparapiLogging {
    /** Aparapi's logger name ({@code com.aparapi.Config.getLoggerName()}), spelled out so that logging is set up before Aparapi loads. */
    static final String LOGGER = "com.aparapi.logLevel";

    private static Logger logger; // strong reference: JUL keeps loggers weakly
    private static volatile PrintStream target;
    private static Level threshold; // set by attach()
    private static boolean hooked;

    private AparapiLogging() {
    }

    /** Routes Aparapi's log records to {@code err} until {@link #release()} (set up on Aparapi's first use). */
    static synchronized void install(PrintStream err) {
        target = err;
        if (!hooked) {
            hooked = true;
            AparapiSetup.beforeFirstUse(AparapiLogging::attach);
        }
    }

    /** Detaches Aparapi's logger from the console and prints its records of the asked level on the target. */
    private static synchronized void attach() {
        if (logger != null) {
            return;
        }
        String asked = System.getProperty(LOGGER);
        threshold = Level.OFF;
        if (asked != null) {
            try {
                threshold = Level.parse(asked.trim().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                threshold = Level.WARNING;
            }
        }
        logger = Logger.getLogger(LOGGER);
        logger.setUseParentHandlers(false);
        logger.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                PrintStream out = target;
                String msg = String.valueOf(r.getMessage());
                if (out == null || r.getLevel().intValue() < threshold.intValue()
                        || msg.startsWith("Found unexpected Attribute")) {
                    return;
                }
                out.println(Diagnostics.PREFIX + "aparapi: " + r.getLevel() + ": " + Diagnostics.oneLine(msg)
                        + (r.getThrown() == null ? "" : " (" + r.getThrown() + ")"));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
    }

    /** Stops printing to the stream of the finished command. */
    static void release() {
        target = null;
    }
}
