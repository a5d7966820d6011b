package org.gpumatch.bench.offtargets;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.gpumatch.bench.LauncherEnvironment;

/**
 * The off-target bench: {@code gpumatch offtargets} as a process (what a person waits for) next to Cas-OFFinder 3.0.0
 * on the same synthetic genome files in the page cache, both outputs compared hit for hit (sorted the same way).
 *
 * <pre>
 * OffTargetsBench --gpumatch PATH [--cas-offinder PATH] --work DIR --out RESULTS_DIR
 *                 [--rows 1g:4:gpu,3100m:24:gpu,128m:1:cpu] [--guides 100] [--k 4] [--runs 3]
 * </pre>
 * A row {@code SIZE:RECORDS:gpu} runs {@code offtargets --device gpu} (runs times, then once with Aparapi profiling for
 * the device time) and Cas-OFFinder with device G; {@code cpu} runs {@code --device java} and Cas-OFFinder C;
 * {@code opencl} (machines without a GPU: PoCL) runs {@code --device opencl} and Cas-OFFinder C. Guides
 * are 20 nt drawn from the genome's first record (plus NNN), pattern NNNNNNNNNNNNNNNNNNNNNGG. CSV columns: date, device,
 * genome_bases, records, guides, k, tool, tool_device, run, wall_s, hits, device_ms, g_comparisons_per_s,
 * same_hits_as_cas_offinder, in {@code RESULTS_DIR/<device slug>/DATE-offtargets.csv}, the progress beside it in
 * {@code .log}. The children inherit this JVM's {@code OCL_ICD_VENDORS}; Cas-OFFinder gets
 * {@code OCL_ICD_VENDORS=$OT_CAS_VENDORS} and {@code LD_LIBRARY_PATH=$OT_CAS_LD} when those are set. A run that exits
 * with an error is recorded with hits -1 and its last line in the last column.
 */
public final class OffTargetsBench {
    private static final String PATTERN = "NNNNNNNNNNNNNNNNNNNNNGG";

    private OffTargetsBench() {
    }

    public static void main(String[] args) throws Exception {
        LauncherEnvironment.captureAtStart();
        String gpumatch = null;
        String cas = null;
        Path work = Path.of("/tmp/offtargets-bench");
        Path results = Path.of("bench/results");
        String slugOverride = null;
        String rows = "1g:4:gpu";
        int guides = 100;
        int k = 4;
        int runs = 3;
        String variants = "";
        boolean keep = false;
        for (int i = 0; i < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--gpumatch" -> gpumatch = v;
                case "--cas-offinder" -> cas = v;
                case "--work" -> work = Path.of(v);
                case "--out" -> results = Path.of(v);
                case "--device-slug" -> slugOverride = v;
                case "--rows" -> rows = v;
                case "--guides" -> guides = Integer.parseInt(v);
                case "--k" -> k = Integer.parseInt(v);
                case "--runs" -> runs = Integer.parseInt(v);
                case "--variants" -> variants = v;
                case "--keep-genomes" -> keep = Boolean.parseBoolean(v);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Files.createDirectories(work);
        String slug = slugOverride != null ? slugOverride : deviceSlug();
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        Path csv = Files.createDirectories(results.resolve(slug)).resolve(date + "-offtargets.csv");
        logFile = new PrintStream(Files.newOutputStream(results.resolve(slug).resolve(date + "-offtargets.log"),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND), true,
                StandardCharsets.UTF_8);
        log("device " + slug + ", rows " + rows + ", " + guides + " guides, k = " + k + ", " + runs + " runs");
        boolean header = !Files.exists(csv);
        try (PrintStream out = new PrintStream(Files.newOutputStream(csv, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND), true, StandardCharsets.UTF_8)) {
            if (header) {
                out.println("date,device,genome_bases,records,guides,k,tool,tool_device,run,wall_s,hits,device_ms,"
                        + "g_comparisons_per_s,same_hits_as_cas_offinder");
            }
            for (String row : rows.split(",")) {
                String[] f = row.split(":");
                long bases = parseSize(f[0]);
                int records = Integer.parseInt(f[1]);
                new Row(gpumatch, cas, work, slug, bases, records, guides, k, runs, f[2], out, variants(variants),
                        keep).measure(f[0]);
            }
        }
    }

    /**
     * The folder name of the GPU's records, from {@code nvidia-smi} (as {@code ComputeDevice.slug()} names it: the name
     * in lower case, other characters as dashes). Not through OpenCL: a GPU in exclusive-process compute mode (the lent
     * H200, 2026-11-24) refuses every other process while this JVM holds a context, and the children then saw only PoCL.
     */
    static String deviceSlug() {
        try {
            Process p = new ProcessBuilder("nvidia-smi", "--query-gpu=name", "--format=csv,noheader")
                    .redirectErrorStream(true).start();
            String name = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip().lines()
                    .findFirst().orElse("");
            if (p.waitFor() == 0 && !name.isEmpty()) {
                return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
            }
        } catch (IOException e) {
            // no nvidia-smi: a machine without an NVIDIA GPU
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "no-nvidia-gpu";
    }

    /**
     * The JVM option variants of the GPU rows: {@code NAME=OPTIONS;NAME=OPTIONS...} (each run with
     * {@code GPUMATCH_JAVA_OPTS=OPTIONS}); the launcher's own options first, as the row {@code gpumatch offtargets}.
     */
    static List<String[]> variants(String spec) {
        List<String[]> out = new ArrayList<>();
        out.add(new String[] {"", null});
        for (String v : spec.split(";")) {
            int eq = v.indexOf('=');
            if (eq > 0) {
                out.add(new String[] {v.substring(0, eq).strip(), v.substring(eq + 1).strip()});
            }
        }
        return out;
    }

    static long parseSize(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        long mult = t.endsWith("g") ? 1L << 30 : t.endsWith("m") ? 1_000_000L : 1;
        if (t.endsWith("mi")) {
            return Long.parseLong(t.substring(0, t.length() - 2)) << 20;
        }
        return Long.parseLong(mult == 1 ? t : t.substring(0, t.length() - 1)) * mult;
    }

    private record Row(String gpumatch, String cas, Path work, String slug, long bases, int records, int guides, int k,
            int runs, String kind, PrintStream csv, List<String[]> variants, boolean keep) {
        void measure(String name) throws Exception {
            Path dir = Files.createDirectories(work.resolve("genome-" + name + "-" + records));
            Path fasta = dir.resolve("genome.fa");
            long t0 = System.nanoTime();
            byte[] sample = SyntheticGenome.write(fasta, bases, records, 42);
            log(String.format(Locale.ROOT, "generated %s (%d bases, %d records) in %.1f s", fasta, bases, records,
                    (System.nanoTime() - t0) / 1e9));
            Path input = work.resolve("input-" + name + "-" + records + ".txt");
            Files.writeString(input, dir + "\n" + PATTERN + "\n" + guides(sample), StandardCharsets.US_ASCII);
            String date = LocalDate.now(ZoneOffset.UTC).toString();
            String prefix = date + "," + slug + "," + bases + "," + records + "," + guides + "," + k + ",";
            Path ours = work.resolve("gpumatch-" + name + ".txt");
            boolean gpu = !kind.equals("cpu");
            boolean casGpu = kind.equals("gpu");
            String dev = kind.equals("cpu") ? "java" : kind;
            Result prof = null;
            List<Path> outputs = new ArrayList<>();
            for (String[] variant : gpu ? variants : variants.subList(0, 1)) {
                String tag = variant[0].isEmpty() ? "" : " [" + variant[0] + "]";
                Path out = variant[0].isEmpty() ? ours : work.resolve("gpumatch-" + name + "-" + variant[0] + ".txt");
                outputs.add(out);
                List<String> cmd = List.of(gpumatch, "offtargets", input.toString(), "--device", dev, "-o",
                        out.toString(), "--explain");
                exec(cmd, variant[1], 600); // warm-up: the launcher's class-data-sharing archive, the page cache
                for (int r = 1; r <= runs; r++) {
                    Files.deleteIfExists(out);
                    Result res = exec(cmd, variant[1], 600);
                    csv.println(prefix + "gpumatch offtargets" + tag + "," + dev + "," + r + "," + fmt(res.wall) + ","
                            + (res.code == 0 ? hits(out) + ",,," : "-1,,,failed: " + lastLine(res.err)));
                    log(res.err.strip());
                    log(split(res));
                }
                if (gpu && variant[0].isEmpty()) {
                    prof = exec(cmd, "-Dcom.aparapi.enableProfiling=true", 600);
                }
            }
            Path theirs = work.resolve("cas-offinder-" + name + ".txt");
            Result c = cas == null ? null : exec(List.of(cas, input.toString(), casGpu ? "G" : "C", theirs.toString()),
                    CAS, 600);
            String same = c == null || c.code != 0 ? "not run" : compare(ours, theirs);
            for (Path o : outputs.subList(1, outputs.size())) {
                log("hits of " + o.getFileName() + " against Cas-OFFinder's: "
                        + (c == null || c.code != 0 ? "not run" : compare(o, theirs)));
            }
            if (prof != null) {
                double deviceMs = Double.NaN;
                double rate = Double.NaN;
                Matcher m = java.util.regex.Pattern.compile("device ([0-9.]+) ms \\(([0-9.]+) G").matcher(prof.err);
                if (m.find()) {
                    deviceMs = Double.parseDouble(m.group(1));
                    rate = Double.parseDouble(m.group(2));
                }
                csv.println(prefix + "gpumatch offtargets (profiled)," + dev + ",1," + fmt(prof.wall) + ","
                        + (prof.code == 0 ? hits(ours) + "," + deviceMs + "," + rate + "," + same
                        : "-1,,,failed: " + lastLine(prof.err)));
                log(prof.err.strip());
            }
            if (c != null) {
                csv.println(prefix + "cas-offinder 3.0.0," + (casGpu ? "G" : "C") + ",1," + fmt(c.wall) + ","
                        + (c.code == 0 ? hits(theirs) + ",,," + same : "-1,,,failed: " + lastLine(c.err)));
                log("cas-offinder exit " + c.code + ": " + c.err.lines().reduce((a, b) -> b).orElse(""));
            }
            if (keep) {
                return;
            }
            Files.deleteIfExists(fasta);
        }

        private String guides(byte[] sample) {
            SplittableRandom rnd = new SplittableRandom(7);
            StringBuilder sb = new StringBuilder();
            int made = 0;
            while (made < guides) {
                int at = rnd.nextInt(sample.length - 30);
                String s = new String(sample, at, 20, StandardCharsets.US_ASCII).toUpperCase(Locale.ROOT);
                if (!s.matches("[ACGT]{20}")) {
                    continue;
                }
                sb.append(s).append("NNN ").append(k).append('\n');
                made++;
            }
            return sb.toString();
        }
    }

    /** Whether the two outputs hold the same hit lines, each sorted; else how many lines differ. */
    static String compare(Path ours, Path theirs) throws IOException {
        List<String> a = data(ours);
        List<String> b = data(theirs);
        if (a.equals(b)) {
            return "yes (" + a.size() + " hits)";
        }
        List<String> onlyA = new ArrayList<>(a);
        onlyA.removeAll(b);
        List<String> onlyB = new ArrayList<>(b);
        onlyB.removeAll(a);
        log("differ: only gpumatch e.g. " + onlyA.stream().limit(3).toList() + "; only Cas-OFFinder e.g. "
                + onlyB.stream().limit(3).toList());
        return "no (" + onlyA.size() + " only gpumatch; " + onlyB.size() + " only cas-offinder)";
    }

    private static List<String> data(Path p) throws IOException {
        List<String> out = new ArrayList<>();
        if (!Files.exists(p)) {
            return out;
        }
        for (String l : Files.readAllLines(p)) {
            if (!l.startsWith("#") && !l.isBlank()) {
                out.add(l);
            }
        }
        out.sort(null);
        return out;
    }

    private static long hits(Path p) throws IOException {
        return data(p).size();
    }

    private record Result(int code, double wall, String err, long spawnMs) {
    }

    /**
     * Where a process's wall time went, from its {@code --explain} timeline: the launcher before the JVM, the JVM's
     * start up to the command, the command, the JVM's exit after it (from the process's start time: 10 ms ticks).
     */
    private static String split(Result r) {
        Matcher m = java.util.regex.Pattern.compile("process started at (\\d+) ms \\(epoch\\), command began ([0-9.]+) s "
                + "and ended ([0-9.]+) s").matcher(r.err);
        if (!m.find()) {
            return "process split: no timeline";
        }
        double launcher = (Long.parseLong(m.group(1)) - r.spawnMs) / 1e3;
        double began = Double.parseDouble(m.group(2));
        double ended = Double.parseDouble(m.group(3));
        return String.format(Locale.ROOT, "process split: launcher %.3f s, JVM start %.3f s, command %.3f s, "
                + "exit %.3f s (wall %.3f s)", launcher, began, ended - began, r.wall - launcher - ended, r.wall);
    }

    /** {@link #exec}'s marker for the Cas-OFFinder child. */
    private static final String CAS = "cas-offinder";
    private static PrintStream logFile;

    private static Result exec(List<String> cmd, String javaOpts, int timeoutS) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        // The children keep this JVM's OCL_ICD_VENDORS (its launcher registered NVIDIA's OpenCL there).
        if (CAS.equals(javaOpts)) {
            pb.environment().remove("LD_PRELOAD"); // the launcher's libjsig is for the JVM
            String vendors = System.getenv("OT_CAS_VENDORS");
            String ld = System.getenv("OT_CAS_LD");
            if (vendors != null && !vendors.isEmpty()) {
                pb.environment().put("OCL_ICD_VENDORS", vendors);
            }
            if (ld != null && !ld.isEmpty()) {
                pb.environment().merge("LD_LIBRARY_PATH", ld, (a, b) -> b + ":" + a);
            }
        } else {
            pb.environment().remove("GPUMATCH_MAIN_CLASS");
            if (javaOpts != null) {
                pb.environment().put("GPUMATCH_JAVA_OPTS", javaOpts);
            }
        }
        Path log = Files.createTempFile("offtargets-bench", ".log");
        pb.redirectOutput(log.toFile());
        long spawnMs = System.currentTimeMillis();
        long t0 = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(124, timeoutS, "timed out", spawnMs);
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        String err = Files.readString(log);
        Files.delete(log);
        log(String.format(Locale.ROOT, "%.3f s  %s", wall, String.join(" ", cmd)));
        return new Result(p.exitValue(), wall, err, spawnMs);
    }

    private static String lastLine(String text) {
        return text.strip().lines().reduce((a, b) -> b).orElse("").replace(',', ';');
    }

    private static String fmt(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }

    private static void log(String s) {
        System.out.println("[offtargets-bench] " + s);
        System.out.flush();
        if (logFile != null) {
            logFile.println(s);
        }
    }
}
