package org.gpumatch.gpu.runtime;

import com.aparapi.Config;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Listens to Aparapi's one JUL logger and keeps its recent warnings, so that a launch that fell back can say why
 * ("Device failed for ..."). Aparapi's harmless warnings about Java 11+ class-file attributes are dropped. Memory: the
 * last {@value #KEEP} messages.
 */
final class AparapiLog {
    private static final int KEEP = 32;
    private static final Deque<String> RECENT = new ArrayDeque<>();
    private static volatile boolean installed;

    private AparapiLog() {
    }

    /** Before Aparapi's first use (also runs the {@link AparapiSetup} hooks, which may route the log elsewhere too). */
    static synchronized void install() {
        if (installed) {
            return;
        }
        AparapiSetup.firstUse();
        Logger logger = Logger.getLogger(Config.getLoggerName());
        logger.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    String msg = String.valueOf(r.getMessage());
                    if (!msg.startsWith("Found unexpected Attribute")) {
                        remember(msg + (r.getThrown() == null ? "" : ": " + r.getThrown()));
                    }
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        installed = true;
    }

    private static synchronized void remember(String msg) {
        if (RECENT.size() == KEEP) {
            RECENT.removeFirst();
        }
        RECENT.addLast(msg);
    }

    /** The recent warnings, oldest first, and forgets them. */
    static synchronized List<String> drain() {
        List<String> out = new ArrayList<>(RECENT);
        RECENT.clear();
        return out;
    }
}
