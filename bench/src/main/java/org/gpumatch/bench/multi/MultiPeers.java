package org.gpumatch.bench.multi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gpumatch.api.multi.PatternSet;

/**
 * The external peers of the {@code multi} suite: {@code rg --count-matches -F -f} and {@code grep -F -c -f} when on
 * the PATH. Their numbers are not the suite's: rg counts leftmost non-overlapping matches, grep counts matching lines;
 * the suite records them for time only. A pattern containing a newline cannot be given to {@code -f}; sets here have
 * none (the suite's generators keep newlines out of patterns only by chance, so such sets are skipped).
 */
final class MultiPeers {
    /** One tool and its flags before {@code -f FILE TEXT}. */
    record Tool(String name, List<String> flags) {
    }

    private MultiPeers() {
    }

    static List<Tool> tools() {
        List<Tool> tools = new ArrayList<>();
        if (onPath("rg")) {
            tools.add(new Tool("rg", List.of("rg", "--no-config", "-F", "-a", "--count-matches")));
        }
        if (onPath("grep")) {
            tools.add(new Tool("grep", List.of("grep", "-F", "-a", "-c")));
        }
        return tools;
    }

    private static boolean onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return true;
            }
        }
        return false;
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

    /** Runs the tool; returns the number it printed (its own kind of count). */
    static long run(Tool tool, Path patterns, Path text) throws IOException {
        List<String> cmd = new ArrayList<>(tool.flags());
        cmd.add("-f");
        cmd.add(patterns.toString());
        cmd.add(text.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("LC_ALL", "C");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
        }
        try {
            int rc = p.waitFor();
            if (rc > 1) {
                throw new IOException(tool.name() + " exited with " + rc);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        return out.isEmpty() ? 0 : Long.parseLong(out);
    }
}
