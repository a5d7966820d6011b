package org.gpumatch.bench.multi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gpumatch.bench.exact.ExternalTools;
import org.gpumatch.api.multi.PatternSet;

/**
 * The external peers of the {@code multi} suite: {@code rg --count-matches -F -f} and {@code grep -F -o -f} (its
 * output lines counted here, as {@code | wc -l} would) when on the PATH. Both count leftmost non-overlapping matches,
 * not the suite's every (offset, pattern) occurrence; {@code rg -c} and {@code grep -c} would count lines, and the
 * suite's texts have no newline, so {@code grep -c} stops at the first match. grep prints every match, which costs it
 * more than rg's count. The suite records them for time, with their own count in the note. A pattern containing a newline cannot be given to {@code -f};
 * sets here have none (the suite's generators keep newlines out of patterns only by chance, so such sets are
 * skipped). Run as one process on one file, or as one process per part concurrently ({@link #runParts}), each run
 * killed at a time limit ({@link TimedOut}).
 */
final class MultiPeers {
    /**
     * One tool, its flags before {@code -f FILE TEXT}, what its number counts, and whether that number is its count
     * of output lines (else the number it prints).
     */
    record Tool(String name, List<String> flags, String counts, boolean countsLines) {
    }

    /**
     * The text files the peers read: a prefix of the text in one file and the same prefix cut into equal parts,
     * one file each; deleted on close. Disk: twice the prefix.
     */
    record PeerTexts(byte[] prefix, Path whole, List<Path> parts) implements AutoCloseable {
        /** Writes the first {@code bytes} bytes of {@code text} whole and in {@code partCount} parts. */
        static PeerTexts of(byte[] text, int bytes, int partCount) throws IOException {
            byte[] prefix = Arrays.copyOf(text, bytes);
            Path whole = Files.createTempFile("gpumatch-multi-", ".txt");
            Files.write(whole, prefix);
            List<Path> parts = new ArrayList<>();
            for (int p = 0; p < partCount; p++) {
                int from = (int) ((long) bytes * p / partCount);
                int to = (int) ((long) bytes * (p + 1) / partCount);
                Path part = Files.createTempFile("gpumatch-multi-part-", ".txt");
                try (var out = Files.newOutputStream(part)) {
                    out.write(prefix, from, to - from);
                }
                parts.add(part);
            }
            return new PeerTexts(prefix, whole, parts);
        }

        @Override
        public void close() throws IOException {
            Files.deleteIfExists(whole);
            for (Path p : parts) {
                Files.deleteIfExists(p);
            }
        }
    }

    private MultiPeers() {
    }

    static List<Tool> tools() {
        List<Tool> tools = new ArrayList<>();
        if (ExternalTools.which("rg").isPresent()) {
            tools.add(new Tool("rg", List.of("rg", "--no-config", "-F", "-a", "-j1", "--count-matches"),
                    "non-overlapping matches", false));
        }
        if (ExternalTools.which("grep").isPresent()) {
            tools.add(new Tool("grep", List.of("grep", "-F", "-a", "-o"), "non-overlapping matches (output lines)",
                    true));
        }
        return tools;
    }

    /** Whether no pattern holds a newline (then {@code -f} reads the set as it is). */
    static boolean usable(PatternSet set) {
        for (int i = 0; i < set.size(); i++) {
            for (byte b : set.bytes(i)) {
                if (b == '\n') {
                    return false;
                }
            }
        }
        return true;
    }

    /** Writes the set one pattern a line. */
    static void writePatterns(PatternSet set, Path file) throws IOException {
        try (var out = Files.newOutputStream(file)) {
            for (int i = 0; i < set.size(); i++) {
                out.write(set.bytes(i));
                out.write('\n');
            }
        }
    }

    /** A peer killed at its time limit (grep -F -f with 100,000 DNA patterns runs for many minutes). */
    static final class TimedOut extends IOException {
        TimedOut(String tool, long limitMillis) {
            super(tool + " killed after " + limitMillis + " ms");
        }
    }

    /**
     * Runs the tool; returns the number it printed (its own kind of count).
     *
     * @throws TimedOut when it ran longer than {@code limitMillis} (it is killed)
     */
    static long run(Tool tool, Path patterns, Path text, long limitMillis) throws IOException {
        return runParts(tool, patterns, List.of(text), limitMillis);
    }

    /**
     * Runs one process of the tool per part, all at once; returns the sum of the numbers they printed.
     *
     * @throws TimedOut when they ran longer than {@code limitMillis} together (all are killed)
     */
    static long runParts(Tool tool, Path patterns, List<Path> parts, long limitMillis) throws IOException {
        List<Process> running = new ArrayList<>();
        for (Path part : parts) {
            running.add(start(tool, patterns, part));
        }
        AtomicBoolean killed = new AtomicBoolean();
        CompletableFuture.delayedExecutor(limitMillis, TimeUnit.MILLISECONDS).execute(() -> {
            for (Process p : running) {
                if (p.isAlive()) {
                    killed.set(true);
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            }
        });
        // every output drained at once: a process whose pipe is full (grep -o prints every match) would otherwise
        // wait for the ones before it
        List<CompletableFuture<Long>> outputs = new ArrayList<>();
        for (Process p : running) {
            outputs.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return waitFor(tool, p, killed, limitMillis);
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            }, command -> new Thread(command, "peer-output").start()));
        }
        long sum = 0;
        for (CompletableFuture<Long> out : outputs) {
            try {
                sum += out.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
            }
        }
        return sum;
    }

    private static Process start(Tool tool, Path patterns, Path text) throws IOException {
        List<String> cmd = new ArrayList<>(tool.flags());
        cmd.add("-f");
        cmd.add(patterns.toString());
        cmd.add(text.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("LC_ALL", "C");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        return pb.start();
    }

    private static long waitFor(Tool tool, Process p, AtomicBoolean killed, long limitMillis) throws IOException {
        String out;
        long lines = 0;
        try (InputStream in = p.getInputStream()) {
            if (tool.countsLines()) {
                byte[] buf = new byte[1 << 16];
                for (int got = in.read(buf); got >= 0; got = in.read(buf)) {
                    for (int i = 0; i < got; i++) {
                        lines += buf[i] == '\n' ? 1 : 0;
                    }
                }
                out = "";
            } else {
                out = new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
            }
        }
        try {
            int rc = p.waitFor();
            if (killed.get()) {
                throw new TimedOut(tool.name(), limitMillis);
            }
            if (rc > 1) {
                throw new IOException(tool.name() + " exited with " + rc);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        return tool.countsLines() ? lines : out.isEmpty() ? 0 : Long.parseLong(out);
    }
}
