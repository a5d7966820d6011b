package org.gpumatch.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.gpumatch.api.Algorithm;

/**
 * The bench command line: {@code <suite> [--quick] [--device D] [--out DIR] [--text [LABEL=]FILE,...] [--reps N]
 * [--size BYTES] [--m LIST] [--sigma LIST|none] [--algorithms LIST] [--cpu-size BYTES] [--modes LIST]
 * [--sizes LIST] [--launcher FILE] [--work DIR] [--sweeps-only] [--inputs LIST|none] [--builders LIST]}.
 *
 * @param suite  the suite name (validated later against the registry)
 * @param quick  small sizes and few repetitions (CI)
 * @param device the device policy text ({@code auto}, {@code gpu}, {@code opencl}, or a name substring)
 * @param out    the results folder: CSVs and plots go to {@code out/<device-slug>/}, RESULTS.md to its parent
 * @param texts  real text files to add rows for (exact), in the order given; empty for none
 * @param reps   timed repetitions of each resident GPU row, if given
 * @param size   the text size n (exact) or the ceiling array size (ceiling), in bytes, if given
 * @param ms     pattern lengths to measure (exact), or empty for the suite's default
 * @param sigmas alphabet widths of the random texts (exact): empty for the default, an empty list for none
 *               ({@code --sigma none}: only the {@code --text} files)
 * @param algorithms the device algorithms to measure (exact), or empty for all implemented ones
 * @param cpuSize the prefix the CPU peers measure on (exact), if given
 * @param modes  what the exact and e2e suites measure (default: everything)
 * @param sizes  the file sizes of the e2e suite, or empty for its default
 * @param launcher the {@code gpumatch} launcher the e2e suite runs, if given
 * @param work   the folder the e2e suite writes its files to, if given
 * @param sweepsOnly kmismatch: only the work-group/thread and text-length sweeps (no m sweep, no Cas-OFFinder row)
 * @param inputs the generated inputs of the sa suite by label (empty: the suite's default, an empty list: none,
 *               only the {@code --text} files)
 * @param builders the builders of the sa suite ({@code gpu}, {@code sais}, {@code cpu}, {@code libdivsufsort}), or
 *               empty for all
 */
public record BenchOptions(String suite, boolean quick, String device, Path out, List<TextFile> texts,
                           OptionalInt reps, OptionalLong size, List<Integer> ms, Optional<List<Integer>> sigmas,
                           List<Algorithm> algorithms, OptionalLong cpuSize, Set<Mode> modes,
                           List<Long> sizes, Optional<Path> launcher, Optional<Path> work, boolean sweepsOnly,
                           Optional<List<String>> inputs, List<String> builders) {

    /**
     * A real text of the exact suite: {@code --text LABEL=FILE} or {@code --text FILE}.
     *
     * @param label the corpus name its rows carry ({@code file:LABEL} in the CSV's {@code text} column): the given
     *              label, else the file name without {@code .gz}
     * @param path  the file; {@code .gz} files are decompressed while read
     */
    public record TextFile(String label, Path path) {
        /** Whether the file is read through gzip (its name ends with {@code .gz}). */
        public boolean gzipped() {
            return path.getFileName() != null && path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        }
    }

    /** What the exact and e2e suites measure; {@code --modes} picks some (all by default). */
    public enum Mode {
        /** Device algorithms with the text resident, many queries. */
        RESIDENT("resident"),
        /** Device algorithms, a new matcher per query (compile, pack, upload, count). */
        ONESHOT("oneshot"),
        /** CPU peers on one thread. */
        CPU_1T("cpu-1t"),
        /** CPU peers split over all cores. */
        CPU_ALL("cpu-all"),
        /** grep and rg when on the PATH (e2e: all three of its external rows). */
        EXTERNAL("external"),
        /** e2e: the {@code gpumatch count} process. */
        GPUMATCH("gpumatch"),
        /** e2e: one {@code rg -F -c} process. */
        RG("rg"),
        /** e2e: one {@code rg} process per core over the file's parts. */
        RG_PARTS("rg-parts"),
        /** e2e: one {@code grep -F -c} process. */
        GREP("grep");

        private final String cliName;

        Mode(String cliName) {
            this.cliName = cliName;
        }

        /** The name on the command line and in the CSV's {@code mode} column. */
        public String cliName() {
            return cliName;
        }
    }
    /** Where results go unless {@code --out} says otherwise (relative to the working directory). */
    public static final Path DEFAULT_OUT = Path.of("bench", "results");

    /** The usage text printed by {@code --help}. */
    public static final String USAGE = String.join(System.lineSeparator(),
            "usage: gpumatch bench <suite> [--quick] [--device D] [--out DIR] [--text [LABEL=]FILE,...] [--reps N]"
                    + " [--size BYTES] [--m LIST] [--sigma LIST|none] [--algorithms LIST] [--cpu-size BYTES]"
                    + " [--modes LIST] [--sizes LIST] [--launcher FILE] [--work DIR] [--sweeps-only]"
                    + " [--inputs LIST|none] [--builders LIST]",
            "suites: ceiling, exact, primitives, multi, kmismatch, sa, e2e, results (rewrite RESULTS.md from the CSVs); checker (later)",
            "  --quick        small inputs and few repetitions (CI)",
            "  --device D     auto (default), gpu, opencl, or a substring of the OpenCL device name",
            "  --out DIR      results folder (default bench/results); RESULTS.md is written to its parent",
            "  --text [LABEL=]FILE,...  also measure these real files (exact suite; repeatable; kmismatch: one DNA"
                    + " file whose ACGT bases, repeated to n, replace the random DNA); .gz files are read"
                    + " through gzip; rows are labeled file:LABEL (default: the file name); sa: whole files unless"
                    + " --size is given",
            "  --reps N       timed repetitions per resident GPU row (default 20, quick 3)",
            "  --size BYTES   text size for exact (default 2^30, quick 4M), array size for ceiling (default 1G,"
                    + " quick 32M), text size for sa (default 64M, quick 1M); suffixes k, M, G are powers of 1024",
            "  --m LIST       pattern lengths for exact, comma separated (default 1,2,4,8,16,32,64,256,1024)",
            "  --sigma LIST   alphabet bits of the random texts for exact (default 1..8); none: only the --text files",
            "  --algorithms LIST  device algorithms for exact, e.g. drk-wom-64,hrk (default: all implemented)",
            "  --cpu-size BYTES   prefix the CPU peers measure on (default 256M; quick: the whole text); sa: the"
                    + " longest input the CPU builders build (default: all)",
            "  --modes LIST   what exact measures: resident,oneshot,cpu-1t,cpu-all,external, or cpu for both CPU"
                    + " modes (default: all); e2e: gpumatch,rg,rg-parts,grep, or external for the last three",
            "  --sizes LIST   e2e file sizes, e.g. 1k,1m,100m,1g (default; quick 1k,1m)",
            "  --launcher FILE  e2e: the gpumatch launcher to run (default: the one beside the running jar, else"
                    + " ./gpumatch); sa: also time `FILE sa build` (-a gpu, -a cpu) and libdivsufsort as processes on"
                    + " each whole --text file",
            "  --work DIR     e2e: where the generated files go (default: /dev/shm when present, else the temp folder);"
                    + " sa: where the process rows' stderr goes",
            "  --sweeps-only  kmismatch: only the sweeps over work-group size, CPU threads and text length (m = 256)",
            "  --inputs LIST  sa: the generated inputs by label, e.g. \"dna,repeated 0x00\" (default: all); none: only"
                    + " the --text files",
            "  --builders LIST  sa: gpu,gpu-into,sais,sais-t,cpu,libdivsufsort,lcp (default: all but gpu-into, the"
                    + " GPU builder writing into one result array kept between builds, and sais-t, SA-IS with"
                    + " lookahead helpers on 2, 3, 5, 9 and all cores; libdivsufsort when its helper is built)");

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
        List<TextFile> texts = new ArrayList<>();
        OptionalInt reps = OptionalInt.empty();
        OptionalLong size = OptionalLong.empty();
        List<Integer> ms = List.of();
        Optional<List<Integer>> sigmas = Optional.empty();
        List<Algorithm> algorithms = List.of();
        OptionalLong cpuSize = OptionalLong.empty();
        Set<Mode> modes = EnumSet.allOf(Mode.class);
        List<Long> sizes = List.of();
        Optional<Path> launcher = Optional.empty();
        Optional<Path> work = Optional.empty();
        boolean sweepsOnly = false;
        Optional<List<String>> inputs = Optional.empty();
        List<String> builders = List.of();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> quick = true;
                case "--sweeps-only" -> sweepsOnly = true;
                case "--device" -> device = value(args, ++i, a);
                case "--out" -> out = Path.of(value(args, ++i, a));
                case "--text" -> texts.addAll(textList(value(args, ++i, a), a));
                case "--reps" -> reps = OptionalInt.of((int) positive(value(args, ++i, a), a, Integer.MAX_VALUE));
                case "--size" -> size = OptionalLong.of(parseBytes(value(args, ++i, a), a));
                case "--m" -> ms = positiveList(value(args, ++i, a), a, 1 << 20);
                case "--sigma" -> {
                    String v = value(args, ++i, a);
                    sigmas = Optional.of(v.trim().equalsIgnoreCase("none") ? List.of() : positiveList(v, a, 8));
                }
                case "--algorithms" -> algorithms = algorithmList(value(args, ++i, a), a);
                case "--cpu-size" -> cpuSize = OptionalLong.of(parseBytes(value(args, ++i, a), a));
                case "--modes" -> modes = modeList(value(args, ++i, a), a);
                case "--sizes" -> sizes = byteList(value(args, ++i, a), a);
                case "--launcher" -> launcher = Optional.of(Path.of(value(args, ++i, a)));
                case "--work" -> work = Optional.of(Path.of(value(args, ++i, a)));
                case "--inputs" -> {
                    String v = value(args, ++i, a);
                    inputs = Optional.of(v.trim().equalsIgnoreCase("none") ? List.of() : nameList(v, a));
                }
                case "--builders" -> builders = nameList(value(args, ++i, a), a);
                default -> throw new UsageException("unknown option " + a + " (see --help)");
            }
        }
        Set<String> labels = new HashSet<>();
        for (TextFile t : texts) {
            if (!labels.add(t.label())) {
                throw new UsageException("--text: the label " + t.label() + " is given twice");
            }
        }
        return new BenchOptions(suite, quick, device, out, List.copyOf(texts), reps, size, ms, sigmas, algorithms,
                cpuSize, Set.copyOf(modes), sizes, launcher, work, sweepsOnly, inputs, builders);
    }

    /** Whether the exact suite measures {@code mode}. */
    public boolean measures(Mode mode) {
        return modes.contains(mode);
    }

    /**
     * Parses {@code [LABEL=]FILE[,[LABEL=]FILE...]}. A label is letters, digits, {@code .}, {@code _} and {@code -};
     * a part whose text before the first {@code =} is not such a label is a file name as a whole.
     */
    public static List<TextFile> textList(String text, String option) {
        List<TextFile> out = new ArrayList<>();
        for (String part : nameList(text, option, "file name")) {
            int eq = part.indexOf('=');
            String label = null;
            String file = part;
            if (eq > 0 && part.substring(0, eq).matches("[A-Za-z0-9._-]+")) {
                label = part.substring(0, eq);
                file = part.substring(eq + 1);
                if (file.isEmpty()) {
                    throw new UsageException(option + ": no file after " + label + "=");
                }
            }
            Path path = Path.of(file);
            if (label == null) {
                String name = path.getFileName() == null ? file : path.getFileName().toString();
                label = name.toLowerCase(Locale.ROOT).endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
            }
            out.add(new TextFile(label, path));
        }
        return out;
    }

    /** Comma-separated non-empty names, trimmed (a name may contain spaces). */
    private static List<String> nameList(String text, String option) {
        return nameList(text, option, "name");
    }

    /** Comma-separated non-empty parts, trimmed; an empty one is an error naming {@code what} it should be. */
    private static List<String> nameList(String text, String option, String what) {
        List<String> out = new ArrayList<>();
        for (String raw : text.split(",")) {
            String part = raw.trim();
            if (part.isEmpty()) {
                throw new UsageException(option + ": empty " + what + " in \"" + text + "\"");
            }
            out.add(part);
        }
        return List.copyOf(out);
    }

    private static Set<Mode> modeList(String text, String option) {
        Set<Mode> out = EnumSet.noneOf(Mode.class);
        for (String raw : text.split(",")) {
            String part = raw.trim().toLowerCase(Locale.ROOT);
            if (part.equals("cpu")) {
                out.add(Mode.CPU_1T);
                out.add(Mode.CPU_ALL);
                continue;
            }
            Mode mode = null;
            for (Mode m : Mode.values()) {
                if (m.cliName().equals(part)) {
                    mode = m;
                }
            }
            if (mode == null) {
                throw new UsageException(option + ": unknown mode \"" + raw.trim()
                        + "\" (resident, oneshot, cpu-1t, cpu-all, cpu, external; e2e: gpumatch, rg, rg-parts, grep)");
            }
            out.add(mode);
        }
        return out;
    }

    private static List<Long> byteList(String text, String option) {
        List<Long> out = new ArrayList<>();
        for (String part : text.split(",")) {
            out.add(parseBytes(part, option));
        }
        return List.copyOf(out);
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
