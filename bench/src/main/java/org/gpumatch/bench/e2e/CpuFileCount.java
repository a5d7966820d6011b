package org.gpumatch.bench.e2e;

import java.io.IOException;
import java.nio.file.Path;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.cpu.CpuMatcher;

/**
 * A one-query process for timing the CPU matcher's in-place file search ({@link CpuMatcher#count(Path, Pattern)}: the
 * file memory-mapped, read and searched on all cores, never held on the heap) next to {@code gpumatch count -a cpu}
 * and {@code rg -F -c}: {@code GPUMATCH_MAIN_CLASS=org.gpumatch.bench.e2e.CpuFileCount gpumatch PATTERN FILE} prints
 * the number of occurrences, then on stderr the milliseconds from {@code main} to the answer. Cost: one pass over the
 * file; memory: a part (256 KiB + m - 1 bytes) per worker thread.
 */
public final class CpuFileCount {
    private CpuFileCount() {
    }

    /** {@code PATTERN FILE}: the pattern's UTF-8 bytes and the file; exit 2 with one line on bad arguments or I/O. */
    public static void main(String[] args) {
        long start = System.nanoTime();
        if (args.length != 2 || args[0].isEmpty()) {
            System.err.println("usage: CpuFileCount PATTERN FILE (a non-empty pattern)");
            System.exit(2);
        }
        try {
            long found = new CpuMatcher().count(Path.of(args[1]), Pattern.utf8(args[0]));
            System.out.println(found);
            System.err.printf("cpu in place: %.1f ms in main%n", (System.nanoTime() - start) / 1e6);
        } catch (IOException e) {
            System.err.println("cannot read " + args[1] + ": " + e.getMessage());
            System.exit(2);
        }
    }
}
