package org.gpumatch.bench;

import java.util.ArrayList;
import java.util.List;
import org.gpumatch.api.Algorithm;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The bench command line: {@code <suite> [--quick] [--device D] [--out DIR] [--text FILE] [--reps N] [--size BYTES]}.
 *
 * @param suite  the suite name (validated later against the registry)
 * @param quick  small sizes and few repetitions (CI)
 * @param device the device policy text ({@code auto}, {@code gpu}, {@code opencl}, or a name substring)
 * @param out    the results folder: CSVs and plots go to {@code out/<device-slug>/}, RESULTS.md to its parent
 * @param text   a real text file to add rows for, if any
 * @param reps   timed repetitions of each resident GPU row, if given
 * @param size   the text size n (exact) or the ceiling array size (ceiling), in bytes, if given
 * @param ms     pattern lengths to measure (exact), or empty for the suite's default
 * @param sigmas alphabet widths of the random texts (exact), or empty for the default
 * @param algorithms the device algorithms to measure (exact), or empty for all implemented ones
 * @param cpuSize the prefix the CPU peers measure on (exact), if given
 */
public record BenchOptions(String suite, boolean quick, String device, Path out, Optional<Path> text, OptionalInt reps,
                           OptionalLong size, List<Integer> ms, List<Integer> sigmas, List<Algorithm> algorithms,
                           OptionalLong cpuSize) {
    /** Where results go unless {@code --out} says otherwise (relative to the working directory). */
    public static final Path DEFAULT_OUT = Path.of("bench", "results");

    /** The usage text printed by {@code --help}. */
    public static final String USAGE = String.join(System.lineSeparator(),
            "usage: gpumatch bench <suite> [--quick] [--device D] [--out DIR] [--text FILE] [--reps N] [--size BYTES]"
                    + " [--m LIST] [--sigma LIST] [--algorithms LIST] [--cpu-size BYTES]",
            "suites: ceiling, exact, results (rewrite RESULTS.md from the CSVs); multi, kmismatch, sa, checker (later)",
            "  --quick        small inputs and few repetitions (CI)",
            "  --device D     auto (default), gpu, opencl, or a substring of the OpenCL device name",
            "  --out DIR      results folder (default bench/results); RESULTS.md is written to its parent",
            "  --text FILE    also measure this file (exact suite)",
            "  --reps N       timed repetitions per resident GPU row (default 20, quick 3)",
            "  --size BYTES   text size for exact (default 2^30, quick 4M), array size for ceiling (default 1G,"
                    + " quick 32M); suffixes k, M, G are powers of 1024",
            "  --m LIST       pattern lengths for exact, comma separated (default 1,2,4,8,16,32,64,256,1024)",
            "  --sigma LIST   alphabet bits of the random texts for exact (default 1..8)",
            "  --algorithms LIST  device algorithms for exact, e.g. drk-wom-64,hrk (default: all implemented)",
            "  --cpu-size BYTES   prefix the CPU peers measure on (default 256M; quick: the whole text)");

    /** Whether the arguments ask for help ({@code -h}, {@code --help}, {@code help}). */
    public static boolean isHelp(String[] args) {
        return args.length == 0 || args[0].equals("-h") || args[0].equals("--help") || args[0].equals("help");
    }

    /**
     * Parses the arguments.
     *
     * @throws UsageException with a one-line message for a missing suite, an unknown option, a missing or bad value
     */
    public static BenchOptions parse(String[] args) {
        if (args.length == 0) {
            throw new UsageException("no suite given; " + USAGE.lines().findFirst().orElse(""));
        }
        String suite = args[0].toLowerCase(Locale.ROOT);
        if (suite.startsWith("-")) {
            throw new UsageException("the first argument must be a suite, not the option " + args[0]);
        }
        boolean quick = false;
        String device = System.getProperty("gpumatch.device", "auto");
        Path out = DEFAULT_OUT;
        Optional<Path> text = Optional.empty();
        OptionalInt reps = OptionalInt.empty();
        OptionalLong size = OptionalLong.empty();
        List<Integer> ms = List.of();
        List<Integer> sigmas = List.of();
        List<Algorithm> algorithms = List.of();
        OptionalLong cpuSize = OptionalLong.empty();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> quick = true;
                case "--device" -> device = value(args, ++i, a);
                case "--out" -> out = Path.of(value(args, ++i, a));
                case "--text" -> text = Optional.of(Path.of(value(args, ++i, a)));
                case "--reps" -> reps = OptionalInt.of((int) positive(value(args, ++i, a), a, Integer.MAX_VALUE));
                case "--size" -> size = OptionalLong.of(parseBytes(value(args, ++i, a), a));
                case "--m" -> ms = positiveList(value(args, ++i, a), a, 1 << 20);
                case "--sigma" -> sigmas = positiveList(value(args, ++i, a), a, 8);
                case "--algorithms" -> algorithms = algorithmList(value(args, ++i, a), a);
                case "--cpu-size" -> cpuSize = OptionalLong.of(parseBytes(value(args, ++i, a), a));
                default -> throw new UsageException("unknown option " + a + " (see --help)");
            }
        }
        return new BenchOptions(suite, quick, device, out, text, reps, size, ms, sigmas, algorithms, cpuSize);
    }

    private static List<Integer> positiveList(String text, String option, long max) {
        List<Integer> out = new ArrayList<>();
        for (String part : text.split(",")) {
            out.add((int) positive(part.trim(), option, max));
        }
        return List.copyOf(out);
    }

    private static List<Algorithm> algorithmList(String text, String option) {
        List<Algorithm> out = new ArrayList<>();
        for (String part : text.split(",")) {
            out.add(Algorithm.fromCliName(part.trim()).orElseThrow(() -> new UsageException(option
                    + ": unknown algorithm \"" + part.trim() + "\"")));
        }
        return List.copyOf(out);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return args[i];
    }

    private static long positive(String text, String option, long max) {
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " takes a positive number, not \"" + text + "\"");
        }
        if (v <= 0 || v > max) {
            throw new UsageException(option + " must be between 1 and " + max + ", not " + text);
        }
        return v;
    }

    /** Parses a byte count with an optional k, M or G suffix (powers of 1024), e.g. {@code 64M}. */
    static long parseBytes(String text, String option) {
        String t = text.trim();
        long unit = 1;
        if (!t.isEmpty()) {
            switch (Character.toUpperCase(t.charAt(t.length() - 1))) {
                case 'K' -> unit = 1L << 10;
                case 'M' -> unit = 1L << 20;
                case 'G' -> unit = 1L << 30;
                default -> unit = 1;
            }
        }
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        long v = positive(digits, option, Long.MAX_VALUE / unit);
        return v * unit;
    }
}
