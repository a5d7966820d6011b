package org.gpumatch.bench.devices;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.gpumatch.bench.LauncherEnvironment;
import org.gpumatch.bench.offtargets.SyntheticGenome;

/**
 * Scaling over device sets (issue 26): the commands a user types, as processes, with {@code --devices} naming the
 * first 1, 2 and 4 devices ({@code 0}, {@code 0,1}, {@code 0,1,2,3}), each output compared byte for byte (SHA-256)
 * with the one-device output. Rows:
 * <ul>
 *   <li>{@code offtargets}: a synthetic genome (default 3.1 Gbp in 24 records, FASTA in the page cache), 100 guides of
 *       20 nt + NGG drawn from it, k = 4 ({@code gpumatch offtargets INPUT --devices LIST -o OUT});</li>
 *   <li>{@code multi}: 10,000 patterns of 8-32 bytes drawn from 4 GiB of random DNA, {@code gpumatch count
 *       --patterns-file P --devices LIST TEXT} (the text streamed in 256 MiB chunks, each split over the set).</li>
 * </ul>
 * A set larger than the machine's devices is recorded with its error (the command's last line) and skipped.
 *
 * <pre>
 * DeviceSetsBench --gpumatch PATH --work DIR --out RESULTS_DIR [--devices 1,2,4] [--rows offtargets,multi]
 *                 [--genome 3100m:24] [--guides 100] [--k 4] [--text 4g] [--patterns 10000] [--runs 3]
 * </pre>
 * CSV {@code RESULTS_DIR/<device slug>/DATE-devices.csv}: date, device, row, input_bytes, devices, run, wall_s,
 * speedup (median of set 1 over this run), output_sha256, same_as_one_device, error; progress in {@code .log} beside it.
 * Every run is timed as a process from spawn to exit; a warm-up run of each set precedes the timed runs.
 */
public final class DeviceSetsBench {
    private static PrintStream logFile;

    private DeviceSetsBench() {
    }

    public static void main(String[] args) throws Exception {
        LauncherEnvironment.captureAtStart();
        String gpumatch = null;
        Path work = Path.of("/tmp/devices-bench");
        Path results = Path.of("bench/results");
        String devices = "1,2,4";
        String rows = "offtargets,multi";
        String genome = "3100m:24";
        int guides = 100;
        int k = 4;
        String text = "4g";
        int patterns = 10_000;
        int runs = 3;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--gpumatch" -> gpumatch = v;
                case "--work" -> work = Path.of(v);
                case "--out" -> results = Path.of(v);
                case "--devices" -> devices = v;
                case "--rows" -> rows = v;
                case "--genome" -> genome = v;
                case "--guides" -> guides = Integer.parseInt(v);
                case "--k" -> k = Integer.parseInt(v);
                case "--text" -> text = v;
                case "--patterns" -> patterns = Integer.parseInt(v);
                case "--runs" -> runs = Integer.parseInt(v);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (gpumatch == null) {
            throw new IllegalArgumentException("--gpumatch PATH (the launcher) is required");
        }
        Files.createDirectories(work);
        String slug = deviceSlug(gpumatch);
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        Path dir = Files.createDirectories(results.resolve(slug));
        Path csv = dir.resolve(date + "-devices.csv");
        logFile = new PrintStream(Files.newOutputStream(dir.resolve(date + "-devices.log"), StandardOpenOption.CREATE,
                StandardOpenOption.APPEND), true, StandardCharsets.UTF_8);
        boolean header = !Files.exists(csv);
        try (PrintStream out = new PrintStream(Files.newOutputStream(csv, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND), true, StandardCharsets.UTF_8)) {
            if (header) {
                out.println("date,device,row,input_bytes,devices,run,wall_s,speedup,output_sha256,same_as_one_device,"
                        + "error");
            }
            for (String row : rows.split(",")) {
                List<String> cmd;
                long bytes;
                if (row.equals("offtargets")) {
                    String[] g = genome.split(":");
                    bytes = parseSize(g[0]);
                    Path input = offTargetInput(work, bytes, Integer.parseInt(g[1]), guides, k);
                    cmd = List.of(gpumatch, "offtargets", input.toString(), "-o", work.resolve("hits.txt").toString());
                } else if (row.equals("multi")) {
                    bytes = parseSize(text);
                    Path[] files = multiInput(work, bytes, patterns);
                    cmd = List.of(gpumatch, "count", "--patterns-file", files[1].toString(), files[0].toString());
                } else {
                    throw new IllegalArgumentException("unknown row " + row + " (offtargets, multi)");
                }
                measure(out, date, slug, row, bytes, cmd, devices, runs, work);
            }
        }
    }

    /** Runs {@code cmd} with each set of {@code devices} (warm-up + runs), compares outputs with the set of one. */
    private static void measure(PrintStream csv, String date, String slug, String row, long bytes, List<String> cmd,
                                String devices, int runs, Path work) throws Exception {
        String oneSha = null;
        double oneMedian = Double.NaN;
        for (String d : devices.split(",")) {
            int n = Integer.parseInt(d.strip());
            StringBuilder list = new StringBuilder("0");
            for (int i = 1; i < n; i++) {
                list.append(',').append(i);
            }
            List<String> full = new ArrayList<>(cmd.subList(0, 2));
            full.add("--devices");
            full.add(list.toString());
            full.addAll(cmd.subList(2, cmd.size()));
            Path output = work.resolve("out.txt");
            Run warm = exec(full, output);
            if (warm.code != 0) {
                csv.printf(Locale.ROOT, "%s,%s,%s,%d,%d,warm-up,,,,,%s%n", date, slug, row, bytes, n,
                        lastLine(warm.err));
                log(row + " on " + n + " devices: exit " + warm.code + ": " + lastLine(warm.err));
                continue;
            }
            double[] walls = new double[runs];
            for (int r = 0; r < runs; r++) {
                Run run = exec(full, output);
                walls[r] = run.wall;
                String sha = sha256(cmd.contains("-o") ? work.resolve("hits.txt") : output);
                if (n == 1 && oneSha == null) {
                    oneSha = sha;
                }
                boolean same = sha.equals(oneSha);
                if (run.code != 0 || !same) {
                    log(row + " on " + n + " devices, run " + r + ": exit " + run.code + ", output "
                            + (same ? "same" : "DIFFERENT") + " " + lastLine(run.err));
                }
                double speedup = Double.isNaN(oneMedian) ? Double.NaN : oneMedian / run.wall;
                csv.printf(Locale.ROOT, "%s,%s,%s,%d,%d,%d,%.3f,%s,%s,%s,%s%n", date, slug, row, bytes, n, r, run.wall,
                        Double.isNaN(speedup) ? "" : String.format(Locale.ROOT, "%.2f", speedup), sha, same,
                        run.code == 0 ? "" : lastLine(run.err));
            }
            java.util.Arrays.sort(walls);
            if (n == 1) {
                oneMedian = walls[runs / 2];
            }
            log(String.format(Locale.ROOT, "%s, %d devices: median %.3f s over %d runs%s", row, n, walls[runs / 2],
                    runs, Double.isNaN(oneMedian) ? "" : String.format(Locale.ROOT, " (%.2fx one device)",
                            oneMedian / walls[runs / 2])));
        }
    }

    /** The genome (kept between calls) and a Cas-OFFinder input of {@code guides} 20-nt guides drawn from it. */
    private static Path offTargetInput(Path work, long bases, int records, int guides, int k) throws Exception {
        Path dir = Files.createDirectories(work.resolve("genome-" + bases + "-" + records));
        Path fa = dir.resolve("genome.fa");
        Path sampleFile = dir.resolve("sample.txt");
        if (!Files.exists(fa) || !Files.exists(sampleFile)) {
            byte[] sample = SyntheticGenome.write(fa, bases, records, 26);
            Files.write(sampleFile, sample);
        }
        byte[] sample = Files.readAllBytes(sampleFile);
        SplittableRandom rnd = new SplittableRandom(26);
        StringBuilder sb = new StringBuilder(fa + "\nNNNNNNNNNNNNNNNNNNNNNGG\n");
        for (int q = 0; q < guides; ) {
            int at = rnd.nextInt(sample.length - 20);
            String guide = new String(sample, at, 20, StandardCharsets.US_ASCII).toUpperCase(Locale.ROOT);
            if (guide.matches("[ACGT]{20}")) { // the sample holds line breaks and N runs
                sb.append(guide).append("NNN ").append(k).append('\n');
                q++;
            }
        }
        Path input = work.resolve("input.txt");
        Files.writeString(input, sb);
        return input;
    }

    /** Random DNA of {@code bytes} (kept between calls) and {@code patterns} patterns of 8-32 bytes drawn from it. */
    private static Path[] multiInput(Path work, long bytes, int patterns) throws IOException {
        Path text = work.resolve("dna-" + bytes + ".txt");
        if (!Files.exists(text) || Files.size(text) != bytes) {
            SplittableRandom rnd = new SplittableRandom(7);
            byte[] block = new byte[1 << 24];
            try (var out = Files.newOutputStream(text)) {
                for (long done = 0; done < bytes; done += block.length) {
                    for (int i = 0; i < block.length; i++) {
                        block[i] = (byte) "ACGT".charAt(rnd.nextInt(4));
                    }
                    out.write(block, 0, (int) Math.min(block.length, bytes - done));
                }
            }
        }
        byte[] head;
        try (var in = Files.newInputStream(text)) {
            head = in.readNBytes(1 << 24);
        }
        SplittableRandom rnd = new SplittableRandom(8);
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < patterns; p++) {
            int m = 8 + rnd.nextInt(25);
            int at = rnd.nextInt(head.length - m);
            sb.append(new String(head, at, m, StandardCharsets.US_ASCII)).append('\n');
        }
        Path file = work.resolve("patterns-" + patterns + ".txt");
        Files.writeString(file, sb);
        return new Path[] {text, file};
    }

    private record Run(int code, double wall, String err) {
    }

    /** One process: stdout to {@code output}, stderr kept; wall time from spawn to exit (at most 30 minutes). */
    private static Run exec(List<String> cmd, Path output) throws Exception {
        Path err = Files.createTempFile("devices-bench", ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(output.toFile()).redirectError(err.toFile());
        pb.environment().remove("GPUMATCH_MAIN_CLASS");
        long t0 = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return new Run(124, 1800, "timed out");
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        String text = Files.readString(err);
        Files.delete(err);
        log(String.format(Locale.ROOT, "%.3f s  exit %d  %s", wall, p.exitValue(), String.join(" ", cmd)));
        return new Run(p.exitValue(), wall, text);
    }

    private static String sha256(Path file) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (var in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 20];
            for (int r; (r = in.read(buf)) > 0; ) {
                md.update(buf, 0, r);
            }
        }
        return HexFormat.of().formatHex(md.digest()).substring(0, 16);
    }

    /** The slug of the set's first device as {@code gpumatch devices} names the device auto picks. */
    private static String deviceSlug(String gpumatch) throws Exception {
        Path out = Files.createTempFile("devices-bench", ".txt");
        Run r = exec(List.of(gpumatch, "devices"), out);
        String listing = Files.readString(out);
        Files.delete(out);
        String name = listing.lines().filter(l -> l.startsWith("  * ")).findFirst()
                .map(l -> l.replaceFirst("^  \\* \\d+\\s+\\S+\\s+", "")).orElse("no-device");
        log("devices (exit " + r.code + "):\n" + listing);
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }

    static long parseSize(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        long unit = t.endsWith("g") ? 1L << 30 : t.endsWith("m") ? 1_000_000L : t.endsWith("k") ? 1000L : 1L;
        return Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 1)) * unit;
    }

    private static String lastLine(String text) {
        return text.strip().lines().reduce((a, b) -> b).orElse("").replace(',', ';');
    }

    private static void log(String s) {
        System.out.println(s);
        if (logFile != null) {
            logFile.println(s);
        }
    }
}
