package org.gpumatch.bench.offtargets;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;
import org.gpumatch.sequence.FastaReader;
import org.gpumatch.sequence.PackedGenome;

/**
 * The FASTA reader alone: {@code FastaReadTiming FILE THREADS READS} reads FILE READS times in this JVM on THREADS
 * threads and prints each read's wall and process CPU time and a hash of the packed bases (to compare readers). The
 * first read of a fresh JVM is what a {@code gpumatch offtargets} process pays. Run with the bundle's runtime:
 * {@code jre/bin/java -cp gpumatch.jar org.gpumatch.bench.offtargets.FastaReadTiming genome.fa 16 3}.
 */
public final class FastaReadTiming {
    private FastaReadTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int reads = Integer.parseInt(args[2]);
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int r = 0; r < reads; r++) {
            long c0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            PackedGenome g = FastaReader.read(file, threads);
            long t1 = System.nanoTime();
            long c1 = os.getProcessCpuTime();
            long h = 0;
            int[] w = g.baseWords();
            for (long i = 0; i < (g.length() + 15) / 16; i++) {
                h = h * 31 + w[(int) i];
            }
            int[] m = g.exceptionWords();
            for (long i = 0; i < (g.length() + 31) / 32; i++) {
                h = h * 31 + m[(int) i];
            }
            System.out.printf(Locale.ROOT, "read %.3f s cpu %.3f s  %d bases %d records hash %x runs %d%n",
                    (t1 - t0) / 1e9, (c1 - c0) / 1e9, g.length(), g.records().size(), h, g.exceptionRuns());
        }
    }
}
