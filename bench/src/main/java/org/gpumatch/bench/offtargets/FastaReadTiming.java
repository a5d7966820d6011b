package org.gpumatch.bench.offtargets;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gpumatch.sequence.FastaReader;
import org.gpumatch.sequence.PackedGenome;

/**
 * The FASTA reader alone: {@code FastaReadTiming FILE THREADS READS [BLOCK_BYTES] [--profile]} reads FILE READS times
 * in this JVM on THREADS threads (blocks of BLOCK_BYTES, default the reader's) and prints each read's wall time, the
 * process's user and system CPU time (from {@code /proc/self/stat}), the collector's pauses and time, the JIT's compile
 * time, and a hash of the packed bases (to compare readers). The first read of a fresh JVM is what a {@code gpumatch
 * offtargets} process pays. With {@code --profile} the first read is sampled every 10 ms: the reader threads' states and
 * top frames (where a cold read spends its time). Run with the bundle's runtime:
 * {@code jre/bin/java -cp gpumatch.jar org.gpumatch.bench.offtargets.FastaReadTiming genome.fa 16 3}.
 */
public final class FastaReadTiming {
    private FastaReadTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int reads = Integer.parseInt(args[2]);
        int block = args.length > 3 && !args[3].startsWith("--") ? Integer.parseInt(args[3]) : FastaReader.BLOCK_BYTES;
        boolean profile = args[args.length - 1].equals("--profile");
        for (int r = 0; r < reads; r++) {
            long[] cpu0 = cpuTicks();
            long[] gc0 = gc();
            long jit0 = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
            Sampler sampler = profile && r == 0 ? Sampler.start() : null;
            long t0 = System.nanoTime();
            PackedGenome g = FastaReader.start(file, threads, block).genome();
            long t1 = System.nanoTime();
            if (sampler != null) {
                sampler.stop();
            }
            long[] cpu1 = cpuTicks();
            long[] gc1 = gc();
            long jit1 = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
            System.out.printf(Locale.ROOT, "read %.3f s user %.2f s sys %.2f s gc %d pauses %.3f s jit %.2f s  "
                    + "%d bases %d records hash %x runs %d%n", (t1 - t0) / 1e9, (cpu1[0] - cpu0[0]) / 100.0,
                    (cpu1[1] - cpu0[1]) / 100.0, gc1[0] - gc0[0], (gc1[1] - gc0[1]) / 1e3, (jit1 - jit0) / 1e3,
                    g.length(), g.records().size(), hash(g), g.exceptionRuns());
            if (sampler != null) {
                sampler.print();
            }
        }
    }

    private static long hash(PackedGenome g) {
        long h = 0;
        int[] w = g.baseWords();
        for (long i = 0; i < (g.length() + 15) / 16; i++) {
            h = h * 31 + w[(int) i];
        }
        int[] m = g.exceptionWords();
        for (long i = 0; i < (g.length() + 31) / 32; i++) {
            h = h * 31 + m[(int) i];
        }
        return h;
    }

    /** The process's user and system CPU time in clock ticks (1/100 s), from /proc/self/stat. */
    private static long[] cpuTicks() throws IOException {
        String s = Files.readString(Path.of("/proc/self/stat"));
        String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
    }

    /** The collectors' pause count and time (ms) so far. */
    private static long[] gc() {
        long n = 0;
        long ms = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, b.getCollectionCount());
            ms += Math.max(0, b.getCollectionTime());
        }
        return new long[] {n, ms};
    }

    /** Samples the reader threads' states and top frames every 10 ms. */
    private static final class Sampler implements Runnable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Map<String, Integer> counts = new HashMap<>();
        private final Thread thread = new Thread(this, "read-sampler");
        private int samples;

        static Sampler start() {
            Sampler s = new Sampler();
            s.thread.setDaemon(true);
            s.thread.start();
            return s;
        }

        @Override
        public void run() {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            while (running.get()) {
                for (ThreadInfo t : mx.dumpAllThreads(false, false, 3)) {
                    String name = t.getThreadName();
                    if (!name.startsWith("fasta-reader") && !name.startsWith("genome-reading")) {
                        continue;
                    }
                    StackTraceElement[] st = t.getStackTrace();
                    String where = st.length == 0 ? "-" : frame(st[0]) + (st.length > 1 ? " < " + frame(st[1]) : "");
                    counts.merge(name.substring(0, 5) + " " + t.getThreadState() + " " + where, 1, Integer::sum);
                }
                samples++;
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        private static String frame(StackTraceElement e) {
            String c = e.getClassName();
            return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
        }

        void stop() throws InterruptedException {
            running.set(false);
            thread.join();
        }

        void print() {
            System.out.println("  profile of the first read: " + samples + " samples (thread, state, top frames)");
            counts.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(25)
                    .forEach(e -> System.out.printf(Locale.ROOT, "  %6d  %s%n", e.getValue(), e.getKey()));
        }
    }
}
