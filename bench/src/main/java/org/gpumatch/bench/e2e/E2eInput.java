package org.gpumatch.bench.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.cpu.CpuMatcher;
import org.gpumatch.bench.UsageException;

/**
 * One generated file of the e2e suite, its patterns (taken from the text, so each occurs) and their counts by the CPU
 * matcher in this JVM: the answers every {@code gpumatch count} process is checked against.
 *
 * <p>Kinds: {@code dna} (uniform {@code ACGT}, sigma 2, a newline after every {@value #DNA_LINE} - 1 bases so that
 * {@code rg}/{@code grep}, which count lines, see lines of a few KB) and {@code random} (all 256 byte values uniformly,
 * sigma 8, about one newline per 256 bytes). Newlines inside a chosen pattern window are replaced in the text (by
 * {@code A}, or by 0x0B in random bytes) so that no pattern holds a newline, which the tools' {@code -f} would split.
 * Memory: the text on the heap (n bytes) while the input is measured, the file in the work folder.
 *
 * @param kind     {@code dna} or {@code random}
 * @param sigma    alphabet bits (2 or 8)
 * @param file     the written file
 * @param text     its bytes
 * @param patterns pattern by m (only the m not larger than the file)
 * @param counts   the CPU matcher's count by m
 */
public record E2eInput(String kind, int sigma, Path file, byte[] text, Map<Integer, byte[]> patterns,
                       Map<Integer, Long> counts) {
    /** DNA line length including its newline. */
    static final int DNA_LINE = 4096;
    /** The text kinds, in measured order. */
    static final List<String> KINDS = List.of("dna", "random");

    /** The row label of this input, e.g. {@code dna-1m}. */
    public String label() {
        return kind + "-" + sizeLabel(text.length);
    }

    /** The pattern of length m as hex digits (the form {@code gpumatch count --hex} takes). */
    String hex(int m) {
        return HexFormat.of().formatHex(patterns.get(m));
    }

    /**
     * Generates the file {@code dir/<kind>-<size>.bin} (seeded: the same bytes on every host), picks a pattern per m
     * and counts it with {@link CpuMatcher}. Cost: one pass to generate, one to write, one count per m.
     *
     * @throws UsageException for a size of 0 or above 2^31 - 64 bytes, or an unknown kind
     */
    static E2eInput generate(String kind, long size, List<Integer> ms, Path dir) throws IOException {
        if (size <= 0 || size > Integer.MAX_VALUE - 64) {
            throw new UsageException("--sizes: e2e files must be 1.." + (Integer.MAX_VALUE - 64) + " bytes, not " + size);
        }
        int n = (int) size;
        byte[] t = new byte[n];
        SplittableRandom rnd = new SplittableRandom(2016L * 31 + size);
        int sigma;
        byte patch;
        switch (kind) {
            case "dna" -> {
                sigma = 2;
                patch = 'A';
                byte[] acgt = {'A', 'C', 'G', 'T'};
                for (int i = 0; i < n; i++) {
                    t[i] = i % DNA_LINE == DNA_LINE - 1 ? (byte) '\n' : acgt[rnd.nextInt(4)];
                }
            }
            case "random" -> {
                sigma = 8;
                patch = 0x0B;
                rnd.nextBytes(t);
            }
            default -> throw new UsageException("unknown e2e text kind " + kind);
        }
        Map<Integer, byte[]> patterns = new LinkedHashMap<>();
        SplittableRandom pick = new SplittableRandom(7);
        for (int m : ms) {
            if (m > n) {
                continue;
            }
            int at = pick.nextInt(n - m + 1);
            for (int i = at; i < at + m; i++) {
                if (t[i] == '\n') {
                    t[i] = patch; // earlier windows hold no newline, so this leaves their patterns intact
                }
            }
            patterns.put(m, java.util.Arrays.copyOfRange(t, at, at + m));
        }
        Map<Integer, Long> counts = new LinkedHashMap<>();
        CpuMatcher cpu = new CpuMatcher();
        for (Map.Entry<Integer, byte[]> e : patterns.entrySet()) {
            counts.put(e.getKey(), cpu.count(Text.wrap(t), Pattern.of(e.getValue())));
        }
        Path file = dir.resolve(kind + "-" + sizeLabel(n) + ".bin");
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(t);
        }
        return new E2eInput(kind, sigma, file, t, patterns, counts);
    }

    /**
     * Writes the text as {@code parts} files, part i holding bytes [i L, (i + 1) L + m - 1) with L = ceil(n / parts),
     * so every occurrence lies wholly in exactly one part's first L windows (and may also lie in the next part's
     * overlap: an external tool counting lines counts a line crossing a boundary in both parts).
     */
    List<Path> writeParts(int parts, int m, Path dir) throws IOException {
        int n = text.length;
        long len = (n + (long) parts - 1) / parts;
        List<Path> out = new java.util.ArrayList<>();
        for (int i = 0; i < parts; i++) {
            long from = i * len;
            if (from >= n) {
                break;
            }
            long to = Math.min(n, from + len + m - 1);
            Path p = dir.resolve(label() + "-m" + m + "-part" + i + ".bin");
            try (OutputStream o = Files.newOutputStream(p)) {
                o.write(text, (int) from, (int) (to - from));
            }
            out.add(p);
        }
        return out;
    }

    /** {@code 1k}, {@code 100m}, {@code 1g} for powers-of-1024 multiples, else the byte count. */
    static String sizeLabel(long n) {
        String[] units = {"g", "m", "k"};
        int[] shifts = {30, 20, 10};
        for (int i = 0; i < units.length; i++) {
            long u = 1L << shifts[i];
            if (n >= u && n % u == 0) {
                return n / u + units[i];
            }
        }
        return Long.toString(n);
    }
}
