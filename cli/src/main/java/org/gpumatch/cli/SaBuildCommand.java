package org.gpumatch.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.checker.Verdict;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.suffixarray.Bwt;
import org.gpumatch.suffixarray.BuildStages;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.StageSpan;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.gpumatch.suffixarray.gpu.SuffixArrayBuilders;
import org.gpumatch.suffixarray.SuffixArrayFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpumatch sa build TEXT -o OUT [--format int32|int64|int40] [--verify] [--bwt FILE] [-a auto|gpu|cpu]
 * [--device D] [--lcp FILE] [--explain] [--timeline] [-q]}: builds the suffix array of TEXT (on the GPU by prefix doubling, or on the CPU on all cores by
 * parallel prefix doubling or SA-IS; see {@link SuffixArrayBuilders}) and writes it in the checker's format;
 * {@code --verify} runs the checker on the array (exit 1 with its {@code FAIL:} line if it rejects); {@code --lcp} also
 * writes the LCP array (the Phi method, on the device that built the array, else on all cores); {@code --bwt} also writes the BWT in libdivsufsort's {@code divbwt} convention and prints its primary index on stdout.
 *
 * <p>Progress lines on stderr for texts of at least {@link #PROGRESS_MIN_BYTES} (the GPU builder: one per round, with
 * the prefix length and the suffixes still unsorted, and at the end where its time went: {@link
 * org.gpumatch.suffixarray.BuildStages}), and {@code auto}'s notice when it settles for the CPU, unless
 * {@code -q}. Host memory: about 7.5 to 9 bytes per text byte on the CPU (SA-IS or doubling); about 21 on the GPU
 * builder (its device buffers are mirrored on the Java heap); {@code --lcp} 8 more (PLCP and the LCP array).
 *
 * <p>Overlaps: for a regular file the OpenCL device's start and the builder's choice (for {@code -a gpu} also the
 * kernel's compile and the host arrays) run while the text is read ({@link SaEarlyChoice}), and the builder's device
 * buffers are released while the array is written. {@code --timeline} (and {@code --explain}) prints where the
 * process's time went ({@link ProcessTimeline}).
 *
 * <p>A regular file over 2,147,483,639 bytes takes the long path ({@link SaLongBuild}: the CPU's
 * {@link org.gpumatch.suffixarray.LongSaisBuilder}, int40 or int64 output, about 13 bytes of heap per text byte).
 */
@Command(name = "build", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Build the suffix array of TEXT (raw bytes; lexicographic over unsigned bytes, a proper prefix "
                + "first, no sentinel) and write it to OUT as little-endian entries.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpumatch sa build genome.txt -o genome.sa --verify",
                  "  gpumatch sa build big.txt -o big.sa -a gpu --device nvidia",
                  "  gpumatch sa build text.bin -o text.sa --format int40 --bwt text.bwt"})
final class SaBuildCommand implements Callable<Integer> {
    /** Texts from this size print progress lines (smaller ones build in about a second). */
    static final long PROGRESS_MIN_BYTES = 32L << 20;

    private final Io io;

    @Parameters(index = "0", paramLabel = "TEXT", description = "The text file.")
    String textName;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "The suffix array file.")
    String outName;

    @Option(names = "--format", paramLabel = "int32|int64|int40", defaultValue = "int32",
            description = "Entry format (default int32).")
    String format;

    @Option(names = "--verify", description = "Check the result with the suffix array checker; exit 1 if it fails.")
    boolean verify;

    @Option(names = "--bwt", paramLabel = "FILE",
            description = "Also write the BWT of TEXT$ without the $ (divbwt convention); prints 'primary index: I'.")
    String bwtName;

    @Option(names = "--lcp", paramLabel = "FILE",
            description = "Also write the LCP array (lcp[0] = 0, lcp[i] = longest common prefix of the suffixes "
                    + "SA[i-1] and SA[i]) in the format of the suffix array; built on the GPU when the suffix array "
                    + "was.")
    String lcpName;

    @Option(names = {"-a", "--algorithm"}, paramLabel = "auto|gpu|cpu", defaultValue = "auto",
            description = "gpu: prefix doubling on an OpenCL device; cpu: all cores (parallel prefix doubling, or "
                    + "SA-IS where a cost model predicts that faster); auto (default): the GPU when an OpenCL GPU is "
                    + "present, the text is at least 6 MiB and fits its memory (the rule the H200's processes "
                    + "support; --explain prints the cost estimates beside it), else the CPU.")
    String algorithm;

    @Option(names = "--device", paramLabel = "D",
            description = "auto, gpu, opencl, java, or a substring of an OpenCL device name (default: "
                    + "-Dgpumatch.device, else auto). A named OpenCL device implies the GPU builder under auto.")
    String device;

    @Option(names = "--explain",
            description = "Print the predicted CPU and GPU build times and the choice on stderr.")
    boolean explain;

    @Option(names = "--timeline",
            description = "Print where the process's time went on stderr: each stage (reading the text, the device's "
                    + "start, the kernel's compile, the build's stages, writing the array) in ms from the launcher's "
                    + "start; --explain prints it too.")
    boolean timelineWanted;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines and no notices.")
    boolean quiet;

    @Option(names = "--threads", paramLabel = "N",
            description = "Worker threads of the CPU builder and of the CPU LCP (default: all cores; SA-IS takes "
                    + "at most 9 of them: its scan and lookahead helpers).")
    Integer threads;

    /** Texts of at least this many bytes take the long path (tests force it on small texts); default: past 2^31-9. */
    @Option(names = "--long-path-from", hidden = true, paramLabel = "BYTES")
    Long longPathFrom;

    SaBuildCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        ProcessTimeline timeline = new ProcessTimeline();
        EntryFormat fmt = SaFiles.format(format);
        SuffixArrayBuilders.Algorithm algo;
        try {
            algo = SuffixArrayBuilders.Algorithm.parse(algorithm);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        int cpuThreads = SaFiles.threads(threads);
        TextInput input = TextInput.open(textName);
        if (SaFiles.takesLongPath(input, longPathFrom)) {
            return new SaLongBuild(io, quiet, explain).run(TextFiles.path(textName), input.size(), TextFiles.path(outName),
                    fmt, algo, ExactSearch.devicePolicy(device), cpuThreads, verify,
                    lcpName != null ? TextFiles.path(lcpName) : null, bwtName != null ? "--bwt" : null);
        }
        // the device's start (and for -a gpu the kernel's compile and the host arrays) while the text is read; none
        // where the CPU builds anyway (-a cpu, or auto on the auto device below the GPU's threshold: on 2 cores the
        // early thread cost a 3 MB build about 60 ms)
        DevicePolicy policy = ExactSearch.devicePolicy(device);
        boolean cpuAnyway = algo == SuffixArrayBuilders.Algorithm.CPU || algo == SuffixArrayBuilders.Algorithm.AUTO
                && policy.kind() == DevicePolicy.Kind.AUTO && input.size() < SuffixArrayBuilders.AUTO_GPU_MIN_BYTES;
        SaEarlyChoice early = input.isStream() || input.size() > SaisBuilder.MAX_LENGTH || cpuAnyway ? null
                : SaEarlyChoice.start(algo, policy, input.size(), cpuThreads, timeline);
        byte[] text;
        long mark = System.nanoTime();
        try {
            text = input.readAll(SaisBuilder.MAX_LENGTH, "suffix arrays are built for texts");
        } catch (RuntimeException e) {
            if (early != null) {
                early.abandon();
            }
            throw e;
        }
        mark = timeline.stage("read text (" + text.length + " bytes)", mark);
        boolean talk = !quiet && text.length >= PROGRESS_MIN_BYTES;
        int[] sa;
        boolean builtOnDevice;
        java.util.function.Consumer<String> explainer = explain
                ? line -> io.err().println(Diagnostics.PREFIX + "sa build: " + line) : null;
        SuffixArrayBuilders.Choice choice = null;
        CompletableFuture<Void> released;
        try {
            SuffixArrayBuilders.Choice known = early != null ? early.join() : null;
            if (early != null) {
                mark = timeline.stage("wait for the device's start", mark);
            }
            choice = known != null ? SuffixArrayBuilders.decide(known, text, explainer)
                    : SuffixArrayBuilders.choose(algo, policy, text, explainer, cpuThreads);
            if (explain || known == null || known.auto()) {
                mark = timeline.stage(known == null ? "builder choice" : "estimate", mark);
            }
            if (!quiet && !choice.notice().isEmpty()) {
                io.err().println(Diagnostics.PREFIX + choice.notice());
            }
            SuffixArrayBuilders.Built built = choice.build(text, talk ? progressLines()
                    : SuffixArrayBuilder.Progress.NONE, line -> {
                        if (!quiet) {
                            io.err().println(Diagnostics.PREFIX + line);
                        }
                    });
            long builtAt = System.nanoTime();
            sa = built.sa();
            SuffixArrayBuilder builder = built.builder();
            builtOnDevice = builder.peakDeviceBytes(1) > 0;
            timeline.add(new StageSpan("build (" + builder.name() + ")", mark, builtAt, false));
            timeline.addAll(builder.lastSpans());
            if (talk) {
                double s = (builtAt - mark) / 1e9;
                String stages = builder.lastStages().equals(BuildStages.NONE) ? ""
                        : " (" + builder.lastStages().describe() + ")";
                io.err().printf(Locale.ROOT, "%ssa build: %d bytes in %.2f s (%.1f MB/s) with %s%s%n",
                        Diagnostics.PREFIX, text.length, s, text.length / s / 1e6, builder.name(), stages);
            }
            released = release(choice, timeline); // beside the write: the result is ours, the device's buffers not
            choice = null;
        } catch (IllegalArgumentException e) { // the text does not fit the device, or java with -a gpu
            throw new CliException(e.getMessage());
        } finally {
            if (choice != null) {
                choice.close();
            }
        }
        Path out = TextFiles.path(outName);
        try {
            mark = System.nanoTime();
            SuffixArrayFiles.write(sa, out, fmt);
            timeline.stage("write array (" + (long) fmt.width() * sa.length + " bytes)", mark);
            released.join();
            if (lcpName != null) {
                SaFiles.writeLcp(SaFiles.lcp(text, sa, builtOnDevice, policy, cpuThreads), lcpName, fmt);
            }
            if (bwtName != null) {
                Bwt bwt = Bwt.of(text, sa);
                Files.write(TextFiles.path(bwtName), bwt.bwt());
                io.out().println("primary index: " + bwt.primaryIndex());
            }
        } catch (IOException e) {
            throw new CliException("cannot write " + out + ": " + TextFiles.describe(e));
        } finally {
            released.join();
        }
        if (explain || timelineWanted) {
            if (early != null) {
                early.awaitConversion();
            }
            timeline.print(io.err(), Diagnostics.PREFIX + "sa build: ");
        }
        if (verify) {
            Verdict v = SuffixArrayChecker.parallel().check(text, sa);
            io.out().println(v.line());
            return v.isOk() ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
        }
        return ExitCodes.OK;
    }

    /**
     * Closes the builder (a GPU builder's kernel and device buffers) on a thread of its own, recording its stage; the
     * returned future completes when it is done.
     */
    private static CompletableFuture<Void> release(SuffixArrayBuilders.Choice choice, ProcessTimeline timeline) {
        return CompletableFuture.runAsync(() -> {
            long start = System.nanoTime();
            choice.close();
            timeline.add(new StageSpan("release builder", start, System.nanoTime(), true));
        }, r -> {
            Thread t = new Thread(r, "gpumatch-sa-release");
            t.setDaemon(true);
            t.start();
        });
    }

    /** Prints a line at every further tenth of the work, and one per round of a round-based builder. */
    private SuffixArrayBuilder.Progress progressLines() {
        int[] shown = {-1};
        return new SuffixArrayBuilder.Progress() {
            @Override
            public void report(double f) {
                int tenth = (int) (f * 10);
                if (tenth > shown[0]) {
                    shown[0] = tenth;
                    io.err().println(Diagnostics.PREFIX + "sa build: " + tenth * 10 + "%");
                }
            }

            @Override
            public void round(int round, long prefix, long unsorted) {
                io.err().printf(Locale.ROOT, "%ssa build: round %d, sorted by %d symbols, %d suffixes unsorted%n",
                        Diagnostics.PREFIX, round, prefix, unsorted);
            }
        };
    }
}
