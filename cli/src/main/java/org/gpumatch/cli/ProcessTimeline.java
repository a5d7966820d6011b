package org.gpumatch.cli;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.gpumatch.suffixarray.StageSpan;

/**
 * Where a command's process spent its time, stage by stage, for {@code sa build --timeline} (and {@code --explain}):
 * the launcher script (when the launcher passed its start in {@link #LAUNCHED_ENV}), the JVM's start until the command
 * ran, then every stage the command and its builder recorded, those on threads of their own marked {@code [bg]}, in
 * milliseconds from the launcher's start (else from the JVM's). What follows the last line (the JVM's exit, the
 * launcher's) is the process's wall time minus that line.
 *
 * <p>Cost: a {@link System#nanoTime()} pair per stage; printing reads the JVM's start time once (the management
 * classes: a few milliseconds, after every stage it reports). Thread-safe.
 */
final class ProcessTimeline {
    /**
     * The environment variable in which the launchers ({@code ./gpumatch}, the bundle's) pass their own start: the
     * epoch in microseconds, or bash's {@code $EPOCHREALTIME} (seconds with a fraction).
     */
    static final String LAUNCHED_ENV = "GPUMATCH_LAUNCHED_AT";

    private final long epochNanosAtCreation;
    private final long nanosAtCreation;
    private final long commandStart;
    private final List<StageSpan> spans = new ArrayList<>();

    /** A timeline whose command starts now. */
    ProcessTimeline() {
        Instant now = Instant.now();
        nanosAtCreation = System.nanoTime();
        epochNanosAtCreation = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        commandStart = nanosAtCreation;
    }

    /** Records a stage of the calling thread from {@code startNanos} until now; returns now. */
    long stage(String name, long startNanos) {
        StageSpan s = StageSpan.until(name, startNanos);
        add(s);
        return s.endNanos();
    }

    /** Records a stage (from a builder, or from a thread of the command's own). */
    synchronized void add(StageSpan span) {
        spans.add(span);
    }

    /** Records every stage of {@code more}. */
    synchronized void addAll(List<StageSpan> more) {
        spans.addAll(more);
    }

    /** The recorded stages, in the order they began. */
    synchronized List<StageSpan> spans() {
        List<StageSpan> copy = new ArrayList<>(spans);
        copy.sort(Comparator.comparingLong(StageSpan::startNanos));
        return copy;
    }

    /**
     * Prints the timeline: a heading, then one line per stage ({@code start - end  [bg] name  duration}), ending with
     * the command's last moment.
     */
    void print(PrintStream err, String prefix) {
        long now = System.nanoTime();
        long jvmStartEpochNanos = jvmStartEpochNanos();
        long launched = launcherStartEpochNanos(System.getenv(LAUNCHED_ENV));
        long originEpoch = originEpochNanos();
        err.println(prefix + "timeline, ms from the " + (originEpoch == launched ? "launcher's" : "JVM's")
                + " start ([bg]: on a thread of its own, beside the others):");
        List<StageSpan> all = new ArrayList<>();
        if (originEpoch == launched) {
            all.add(new StageSpan("launcher script", nanosOf(launched), nanosOf(jvmStartEpochNanos), false));
        }
        all.add(new StageSpan("JVM start until the command runs", nanosOf(jvmStartEpochNanos), commandStart, false));
        all.addAll(spans());
        long origin = nanosOf(originEpoch);
        for (StageSpan s : all) {
            err.printf(Locale.ROOT, "%s%7.0f - %7.0f %s%-40s %7.1f ms%n", prefix, (s.startNanos() - origin) / 1e6,
                    (s.endNanos() - origin) / 1e6, s.background() ? "[bg] " : "     ", s.name(), s.nanos() / 1e6);
        }
        err.printf(Locale.ROOT, "%s%7.0f           command done (the JVM's exit follows)%n", prefix,
                (now - origin) / 1e6);
    }

    /** The JVM's start, epoch nanoseconds (milliseconds precise: the management classes' clock, not /proc's). */
    static long jvmStartEpochNanos() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime() * 1_000_000L;
    }

    /**
     * Where a process's timeline starts, epoch nanoseconds: the launcher's start ({@link #LAUNCHED_ENV}) when it
     * passed one not after the JVM's start, else the JVM's start. ({@code ProcessHandle}'s start instant is no
     * substitute: Linux gives it from the boot time in whole seconds, up to a second off.)
     */
    static long originEpochNanos() {
        long jvm = jvmStartEpochNanos();
        long launched = launcherStartEpochNanos(System.getenv(LAUNCHED_ENV));
        return launched > 0 && launched <= jvm ? launched : jvm;
    }

    /** An epoch time in nanoseconds on this timeline's {@link System#nanoTime()} clock. */
    private long nanosOf(long epochNanos) {
        return nanosAtCreation + (epochNanos - epochNanosAtCreation);
    }

    /**
     * The launcher's start from {@link #LAUNCHED_ENV}: {@code 1764041400.123456} (bash's {@code $EPOCHREALTIME}) or
     * whole microseconds; 0 when absent or unreadable.
     */
    static long launcherStartEpochNanos(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            String v = value.trim().replace(',', '.'); // EPOCHREALTIME uses the locale's decimal separator
            int dot = v.indexOf('.');
            if (dot < 0) {
                return Long.parseLong(v) * 1000L;
            }
            String frac = (v.substring(dot + 1) + "000000000").substring(0, 9);
            return Long.parseLong(v.substring(0, dot)) * 1_000_000_000L + Long.parseLong(frac);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
