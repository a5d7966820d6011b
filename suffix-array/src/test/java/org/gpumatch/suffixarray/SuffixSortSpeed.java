package org.gpumatch.suffixarray;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.gpumatch.checker.SuffixArrayChecker;

/**
 * Timing of the CPU suffix array builders, not run by the build (no test methods). Prints one row per input and
 * builder: best and median wall time of the runs, MB/s of the best run, the least process CPU time of a run (all
 * threads, GC included: on a loaded host it shows what the wall time would be with the cores free) and whether the
 * result passed the checker.
 *
 * <pre>
 * java -cp suffix-array/target/classes:suffix-array/target/test-classes:$(cat cp.txt) \
 *     org.gpumatch.suffixarray.SuffixSortSpeed [--size 8M] [--threads 1,2] [--runs 3] [--only LABEL,...]
 *     [--builders sais,sais2,doubling,cpu] [--hard] [--text LABEL=FILE ...]
 * </pre>
 *
 * Builder {@code saisN}: SA-IS with N - 1 lookahead helpers ({@code new SaisBuilder(N)}; {@code sais-t}: one row per
 * {@code --threads} entry). Inputs: random bytes, random
 * DNA, an English-like text (order-2 word Markov chain trained on the matcher-api English sample), one repeated letter,
 * with {@code --hard} the inputs of {@link HardTexts#hard(int)} (those of {@code bench sa}), and every
 * {@code --text LABEL=FILE} cut to the size (whole when shorter; the {@code scripts/fetch-corpora.sh} files are 4 to
 * 9 MB).
 */
public final class SuffixSortSpeed {
    private SuffixSortSpeed() {
    }

    public static void main(final String[] args) throws IOException {
        int size = 8 << 20;
        int runs = 3;
        int[] threads = {1, 2};
        List<String> only = null;
        List<String> builders = List.of("sais", "doubling", "cpu");
        final Map<String, Path> files = new LinkedHashMap<>();
        boolean hard = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--size" -> size = parseSize(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--only" -> only = List.of(args[++i].split(","));
                case "--builders" -> builders = List.of(args[++i].split(","));
                case "--hard" -> hard = true;
                case "--text" -> {
                    final String[] kv = args[++i].split("=", 2);
                    files.put(kv[0], Path.of(kv[1]));
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        final Map<String, byte[]> inputs = new LinkedHashMap<>();
        inputs.put("random 256", HardTexts.random(size, 256, 1));
        inputs.put("random DNA", dna(size, 2));
        inputs.put("english-like", englishLike(size, 3));
        inputs.put("repeated a", HardTexts.repeated(size, 'a'));
        if (hard) {
            inputs.putAll(HardTexts.hard(size));
        }
        for (Map.Entry<String, Path> f : files.entrySet()) {
            inputs.put(f.getKey(), cut(Files.readAllBytes(f.getValue()), size));
        }
        warmUp(threads);
        System.out.printf("size %d, JDK %s, %d processors%n", size, Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        System.out.printf("%-14s %10s %-18s %9s %9s %8s %9s %s%n", "input", "bytes", "builder", "best ms", "median",
                "MB/s", "cpu ms", "check");
        for (Map.Entry<String, byte[]> in : inputs.entrySet()) {
            if (only != null && !only.contains(in.getKey())) {
                continue;
            }
            final byte[] text = in.getValue();
            for (String b : builders) {
                if (b.equals("sais")) {
                    row(in.getKey(), new SaisBuilder(), text, runs);
                } else if (b.equals("sais-t")) {
                    for (int t : threads) {
                        row(in.getKey(), new SaisBuilder(t), text, runs);
                    }
                } else if (b.startsWith("sais")) {
                    row(in.getKey(), new SaisBuilder(Integer.parseInt(b.substring(4))), text, runs);
                } else {
                    for (int t : threads) {
                        row(in.getKey(), b.equals("cpu") ? new CpuSuffixArrayBuilder(t) : new ParallelSuffixSorter(t),
                                text, runs);
                    }
                }
            }
        }
    }

    private static void row(final String label, final SuffixArrayBuilder builder, final byte[] text, final int runs) {
        final long[] ms = new long[runs];
        final long[] cpu = new long[runs];
        final com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        int[] sa = null;
        for (int r = 0; r < runs; r++) {
            sa = null;
            System.gc();
            final long c0 = os.getProcessCpuTime();
            final long t0 = System.nanoTime();
            sa = builder.build(text);
            ms[r] = (System.nanoTime() - t0) / 1_000_000;
            cpu[r] = (os.getProcessCpuTime() - c0) / 1_000_000;
        }
        Arrays.sort(ms);
        Arrays.sort(cpu);
        final long median = ms[runs / 2];
        final long best = ms[0];
        final String check = SuffixArrayChecker.parallel().check(text, sa).line();
        System.out.printf("%-14s %10d %-18s %9d %9d %8.1f %9d %s%n", label, text.length, builder.name(), best, median,
                text.length / 1e6 / Math.max(best, 1) * 1000, cpu[0], check);
    }

    private static void warmUp(final int[] threads) {
        final byte[] w = englishLike(1 << 20, 9);
        for (int rep = 0; rep < 3; rep++) {
            new SaisBuilder().build(w);
            for (int t : threads) {
                ParallelSuffixSorter.sort(w, t);
                ParallelSuffixSorter.sort(HardTexts.random(1 << 20, 4, rep), t);
            }
        }
    }

    private static int parseSize(final String s) {
        final char unit = Character.toUpperCase(s.charAt(s.length() - 1));
        final int shift = unit == 'K' ? 10 : unit == 'M' ? 20 : 0;
        return Integer.parseInt(shift == 0 ? s : s.substring(0, s.length() - 1)) << shift;
    }

    private static byte[] cut(final byte[] text, final int size) {
        return text.length <= size ? text : Arrays.copyOf(text, size);
    }

    /** @return n letters ACGT, uniform */
    private static byte[] dna(final int n, final long seed) {
        final byte[] acgt = {'A', 'C', 'G', 'T'};
        final Random r = new Random(seed);
        final byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = acgt[r.nextInt(4)];
        }
        return t;
    }

    /** @return n bytes of an order-2 word Markov chain trained on the English corpus sample (lines kept as words) */
    static byte[] englishLike(final int n, final long seed) {
        final String sample = new String(org.gpumatch.api.conformance.RealCorpora.load("english").bytes(),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        final String[] words = sample.split(" ");
        final Map<String, List<String>> next = new java.util.HashMap<>();
        for (int i = 2; i < words.length; i++) {
            next.computeIfAbsent(words[i - 2] + ' ' + words[i - 1], k -> new ArrayList<>()).add(words[i]);
        }
        final Random r = new Random(seed);
        final StringBuilder out = new StringBuilder(n + 64);
        String a = words[0];
        String b = words[1];
        while (out.length() < n) {
            final List<String> options = next.get(a + ' ' + b);
            final String w = options == null ? words[r.nextInt(words.length)] : options.get(r.nextInt(options.size()));
            out.append(w).append(' ');
            a = b;
            b = w;
        }
        return out.substring(0, n).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
