package org.gpumatch.bench.checker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.checker.ByteSequence;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.IndexSequence;
import org.gpumatch.checker.MappedByteSequence;
import org.gpumatch.checker.MappedIndexSequence;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.checker.Verdict;
import org.gpumatch.suffixarray.CpuSuffixArrayBuilder;

/**
 * Times the suffix array checker, sequential and parallel, on heap arrays and on memory-mapped files, and prints a
 * table with MB/s (10^6 text bytes per second; median of {@code --reps} runs, default 5, after {@code --warmup} runs,
 * default 2, per row). Thread counts below 3 run sequentially (see {@code SuffixArrayChecker}). Every
 * run must answer OK, or the benchmark aborts. The libdivsufsort peer is {@code bench/native/sufcheck-bench}.
 *
 * <pre>
 * CheckerBench [--n N] [--text FILE] [--sa FILE] [--format int32|int64|int40] [--threads 4,8,16] [--reps R]
 *              [--warmup W] [--save-text FILE] [--save-sa FILE] [--input array|mapped|both] [--generate-only]
 * </pre>
 * Without {@code --text}, the text is N bytes of i.i.d. uniform ACGT (seed 1; default N = 100,000,000). Without
 * {@code --sa}, the suffix array is built here by the suffix-array module's CPU builder on all cores
 * ({@link CpuSuffixArrayBuilder}: SA-IS or parallel prefix doubling, chosen by its cost model; about a second for
 * 100 MB of uniform ACGT on 16 cores, where the bench's own one-core prefix doubling took about 20 s). {@code --save-*} write
 * the text and the int32 suffix array so that later runs and the native peer reuse them; {@code --generate-only} stops
 * after writing the text (the native peer then builds the suffix array with libdivsufsort, which is faster). Mapped
 * rows need files: the given or saved ones. {@code bench/native/run-checker-bench.sh} runs the whole comparison.
 */
public final class CheckerBench {
    private CheckerBench() {
    }

    /**
     * @param args see the class comment
     * @throws IOException if a file cannot be read or written
     */
    public static void main(final String[] args) throws IOException {
        final Options o = Options.parse(args);
        final PrintStream out = System.out;

        final byte[] text;
        final String textName;
        if (o.textFile != null) {
            text = Files.readAllBytes(o.textFile);
            textName = o.textFile.toString();
        } else {
            text = dnaLike(o.n, 1);
            textName = "uniform ACGT, seed 1";
        }
        Path textFile = o.textFile;
        if (o.saveText != null) {
            Files.write(o.saveText, text);
            textFile = o.saveText;
        }
        if (o.generateOnly) {
            out.printf("# wrote %d bytes to %s%n", text.length, textFile);
            return;
        }

        int[] sa = null;
        Path saFile = o.saFile;
        EntryFormat format = o.format;
        String saName = o.saFile != null ? o.saFile.toString() : "built by the suffix-array module's CPU builder";
        if (o.saFile == null) {
            final long t0 = System.nanoTime();
            sa = CpuSuffixArrayBuilder.build(text, Runtime.getRuntime().availableProcessors());
            out.printf("# built the suffix array in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            if (o.saveSa != null) {
                writeInt32(o.saveSa, sa);
                saFile = o.saveSa;
                format = EntryFormat.INT32;
            }
        } else if (o.input.array) {
            sa = readEntries(o.saFile, o.format);
        }

        out.printf("# checker benchmark, %s, %d cores, Java %s (%s), n = %d, text: %s, SA: %s (%s), median of %d%n",
                LocalDate.now(), Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), text.length, textName, saName, format.label(), o.reps);
        out.printf("%-7s %-10s %7s %9s %9s %8s %7s%n", "input", "mode", "threads", "median_s", "min_s", "MB/s",
                "speedup");
        if (o.input.array && sa != null) {
            table(out, "array", ByteSequence.of(text), IndexSequence.of(sa), o);
        }
        if (o.input.mapped && textFile != null && saFile != null) {
            table(out, "mapped", MappedByteSequence.open(textFile), MappedIndexSequence.open(saFile, format), o);
        } else if (o.input.mapped) {
            out.println("# mapped rows skipped: give --text and --sa files, or --save-text and --save-sa");
        }
    }

    private static void table(final PrintStream out, final String input, final ByteSequence text,
                              final IndexSequence sa, final Options o) {
        final double sequential = row(out, input, "sequential", SuffixArrayChecker.sequential(), text, sa, o, 0);
        for (final int threads : o.threads) {
            row(out, input, "parallel", SuffixArrayChecker.parallel(threads), text, sa, o, sequential);
        }
    }

    /** @return the median seconds */
    private static double row(final PrintStream out, final String input, final String mode,
                              final SuffixArrayChecker checker, final ByteSequence text, final IndexSequence sa,
                              final Options o, final double sequentialSeconds) {
        for (int w = 0; w < o.warmup; w++) {
            expectOk(checker.check(text, sa));
        }
        final double[] seconds = new double[o.reps];
        for (int r = 0; r < o.reps; r++) {
            final long t0 = System.nanoTime();
            final Verdict v = checker.check(text, sa);
            seconds[r] = (System.nanoTime() - t0) / 1e9;
            expectOk(v);
        }
        Arrays.sort(seconds);
        final double median = seconds[o.reps / 2];
        out.printf("%-7s %-10s %7d %9.3f %9.3f %8.1f %7s%n", input, mode, checker.threads(), median, seconds[0],
                text.length() / median / 1e6,
                sequentialSeconds > 0 ? String.format("%.2f", sequentialSeconds / median) : "1.00");
        return median;
    }

    private static void expectOk(final Verdict v) {
        if (!v.isOk()) {
            throw new IllegalStateException("the benchmark input is not a correct suffix array: " + v.line());
        }
    }

    /** i.i.d. uniform bytes over ACGT. */
    static byte[] dnaLike(final int n, final long seed) {
        final Random r = new Random(seed);
        final byte[] acgt = {'A', 'C', 'G', 'T'};
        final byte[] t = new byte[n];
        for (int i = 0; i < n; i += 16) {
            long bits = r.nextLong();
            for (int k = i; k < Math.min(n, i + 16); k++, bits >>>= 2) {
                t[k] = acgt[(int) (bits & 3)];
            }
        }
        return t;
    }

    private static int[] readEntries(final Path file, final EntryFormat format) throws IOException {
        final IndexSequence mapped = MappedIndexSequence.open(file, format);
        final int[] sa = new int[Math.toIntExact(mapped.length())];
        for (int i = 0; i < sa.length; i++) {
            sa[i] = Math.toIntExact(mapped.valueAt(i));
        }
        return sa;
    }

    private static void writeInt32(final Path file, final int[] sa) throws IOException {
        final ByteBuffer buffer = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        try (OutputStream os = Files.newOutputStream(file, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            for (final int v : sa) {
                if (!buffer.hasRemaining()) {
                    os.write(buffer.array(), 0, buffer.position());
                    buffer.clear();
                }
                buffer.putInt(v);
            }
            os.write(buffer.array(), 0, buffer.position());
        }
    }

    /** Command line options. */
    private static final class Options {
        int n = 100_000_000;
        Path textFile;
        Path saFile;
        Path saveText;
        Path saveSa;
        EntryFormat format = EntryFormat.INT32;
        int[] threads = defaultThreads();
        int reps = 5;
        int warmup = 2;
        Input input = Input.BOTH;
        boolean generateOnly;

        static Options parse(final String[] args) {
            final Options o = new Options();
            for (int a = 0; a < args.length; a++) {
                final String name = args[a];
                if (name.equals("--generate-only")) {
                    o.generateOnly = true;
                    continue;
                }
                if (a + 1 >= args.length) {
                    throw new IllegalArgumentException(name + " needs a value (options: --n --text --sa --format"
                            + " --threads --reps --warmup --save-text --save-sa --input --generate-only)");
                }
                final String value = args[++a];
                switch (name) {
                    case "--n" -> o.n = Integer.parseInt(value.replace("_", ""));
                    case "--text" -> o.textFile = Path.of(value);
                    case "--sa" -> o.saFile = Path.of(value);
                    case "--format" -> o.format = EntryFormat.parse(value);
                    case "--threads" -> o.threads = Arrays.stream(value.split(",")).mapToInt(Integer::parseInt).toArray();
                    case "--reps" -> o.reps = Math.max(1, Integer.parseInt(value));
                    case "--warmup" -> o.warmup = Math.max(0, Integer.parseInt(value));
                    case "--save-text" -> o.saveText = Path.of(value);
                    case "--save-sa" -> o.saveSa = Path.of(value);
                    case "--input" -> o.input = Input.valueOf(value.toUpperCase(java.util.Locale.ROOT));
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
            if (o.generateOnly && o.saveText == null) {
                throw new IllegalArgumentException("--generate-only needs --save-text FILE");
            }
            return o;
        }

        /** 4, 8, ... up to all cores: below 3 threads the checker runs sequentially (two threads do not pay). */
        private static int[] defaultThreads() {
            final int cores = Runtime.getRuntime().availableProcessors();
            final List<Integer> list = new ArrayList<>();
            for (int t = 4; t < cores; t *= 2) {
                list.add(t);
            }
            if (cores >= 3) {
                list.add(cores);
            }
            return list.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** Which inputs to time. */
    private enum Input {
        ARRAY(true, false), MAPPED(false, true), BOTH(true, true);

        final boolean array;
        final boolean mapped;

        Input(final boolean array, final boolean mapped) {
            this.array = array;
            this.mapped = mapped;
        }
    }
}
