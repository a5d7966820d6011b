package org.gpumatch.suffixarray;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.gpumatch.checker.SuffixArrayChecker;

/**
 * Measures {@link LongSaisBuilder} (the long path) against {@link SaisBuilder} (the int path) on one text file: the
 * building thread's CPU time per text byte, and the heap in use after the build per text byte (run it under
 * {@code -XX:+UseEpsilonGC}, where nothing is collected, to get every byte allocated: the text, the result and all work
 * arrays). With {@code --threads T} both builders run on T threads (T - 1 lookahead helpers); the process's CPU
 * time (helpers included) is printed too. Not part of the build.
 *
 * <pre>
 * java -XX:+UseEpsilonGC -Xmx6g -cp ... org.gpumatch.suffixarray.LongSaisSpeed FILE long|int [--check] [--threads T]
 * </pre>
 */
public final class LongSaisSpeed {
    private LongSaisSpeed() {
    }

    public static void main(final String[] args) throws Exception {
        final Path file = Path.of(args[0]);
        final boolean isLong = args[1].equals("long");
        final java.util.List<String> rest = java.util.List.of(args).subList(2, args.length);
        final boolean check = rest.contains("--check");
        final int t = rest.contains("--threads") ? Integer.parseInt(rest.get(rest.indexOf("--threads") + 1)) : 1;
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final Runtime rt = Runtime.getRuntime();
        final long n = Files.size(file);
        final long wall0 = System.nanoTime();
        final long cpu0 = threads.getCurrentThreadCpuTime();
        final String verdict;
        final SuffixArrayBuilder.Progress stages = f -> System.out.printf(Locale.ROOT, "  at %.1f: cpu %.2f s%n", f,
                (threads.getCurrentThreadCpuTime() - cpu0) / 1e9);
        if (isLong) {
            final PagedBytes text = PagedBytes.read(file, PagedBytes.DEFAULT_SHIFT);
            final LongPages sa = new LongSaisBuilder(t).build(text, stages);
            report(file, "long", n, threads.getCurrentThreadCpuTime() - cpu0, System.nanoTime() - wall0, rt);
            verdict = check ? SuffixArrayChecker.sequential().check(text, sa).line() : "-";
        } else {
            final byte[] text = Files.readAllBytes(file);
            final int[] sa = new SaisBuilder(t).build(text, stages);
            report(file, "int", n, threads.getCurrentThreadCpuTime() - cpu0, System.nanoTime() - wall0, rt);
            verdict = check ? SuffixArrayChecker.sequential().check(text, sa).line() : "-";
        }
        System.out.println("check: " + verdict);
    }

    private static void report(final Path file, final String path, final long n, final long cpu, final long wall,
                               final Runtime rt) {
        final long used = rt.totalMemory() - rt.freeMemory();
        final long process = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        System.out.printf(Locale.ROOT, "%s %s n=%d read+build cpu %.2f s (%.1f ns/byte) wall %.2f s heap used %.2f"
                + " bytes/byte; process cpu %.2f s (JVM start included)%n", file.getFileName(), path, n, cpu / 1e9,
                (double) cpu / n, wall / 1e9, (double) used / n, process / 1e9);
    }
}
