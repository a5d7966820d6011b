package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.NaiveMultiMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code count} and {@code find} with {@code --patterns-file}: output format, streaming in chunks, errors. */
class MultiPatternCliTest {
    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private Path write(String name, String s) throws IOException {
        return write(name, s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void cpuCountAndFindAgainstTheOracleInSmallChunks() throws IOException {
        againstTheOracle(List.of("-a", "auto"));
        againstTheOracle(List.of("-a", "multi-cpu"));
    }

    @Test
    void deviceCountAndFindAgainstTheOracleInSmallChunks() throws IOException {
        TestDevices.openCl(); // skips (or fails in CI) without OpenCL
        againstTheOracle(List.of("-a", "multi-fused", "--device", "opencl"));
        againstTheOracle(List.of("-a", "multi-rk", "--device", "opencl"));
    }

    private void againstTheOracle(List<String> extra) throws IOException {
        Random r = new Random(4);
        byte[] t = new byte[5000];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) ('a' + r.nextInt(3));
        }
        List<String> lines = new ArrayList<>(List.of("abc", "a", "cab", "abc", "bbbb", "caab", "zz", "é"));
        Path text = write("t.txt", t);
        Path pats = write("p.txt", String.join("\n", lines) + "\n");
        PatternSet set = PatternSet.utf8(lines.toArray(new String[0]));
        MultiMatches expected = new NaiveMultiMatcher().find(Text.wrap(t), set);
        long[] counts = expected.countsPerPattern(set.size());
        String alg = extra.toString();
        {
            List<String> args = new ArrayList<>(List.of("count", "--patterns-file", pats.toString(), "--chunk-size",
                    "100"));
            args.addAll(extra);
            args.add(text.toString());
            CliRun c = CliRun.of(args.toArray(new String[0])).ok();
            List<String> want = new ArrayList<>();
            for (int i = 0; i < counts.length; i++) {
                want.add(i + "\t" + counts[i]);
            }
            assertThat(c.outLines()).as(alg).isEqualTo(want);
            args.set(0, "find");
            args.set(4, "77");
            CliRun f = CliRun.of(args.toArray(new String[0])).ok();
            List<String> wantFind = new ArrayList<>();
            for (int i = 0; i < expected.size(); i++) {
                wantFind.add(expected.offset(i) + "\t" + expected.index(i));
            }
            assertThat(f.outLines()).as(alg).isEqualTo(wantFind);
        }
    }

    @Test
    void hexPatterns() throws IOException {
        Path text = write("b.bin", new byte[] {0, (byte) 0xFF, 0, (byte) 0xFF, 0x10});
        Path pats = write("h.txt", "00ff\r\nff\n10\n");
        CliRun c = CliRun.of("count", "--hex", "--patterns-file", pats.toString(), text.toString()).ok();
        assertThat(c.outLines()).containsExactly("0\t2", "1\t2", "2\t1");
        CliRun f = CliRun.of("find", "--hex", "--patterns-file", pats.toString(), "--explain", text.toString()).ok();
        assertThat(f.outLines()).containsExactly("0\t0", "1\t1", "2\t0", "3\t1", "4\t2");
        assertThat(f.err()).contains("multi-cpu");
    }

    @Test
    void errorsNameTheLine() throws IOException {
        Path text = write("t.txt", "abc");
        assertThat(CliRun.of("count", "--patterns-file", write("s.txt", "a\n\nb\n").toString(), text.toString()).ok()
                .outLines()).as("an empty line is skipped").containsExactly("0\t1", "1\t1");
        CliRun empty = CliRun.of("count", "--literal-lines", "--patterns-file", write("e.txt", "a\n\nb\n").toString(),
                text.toString());
        assertThat(empty.exitCode()).isEqualTo(2);
        assertThat(empty.errLines()).hasSize(1);
        assertThat(empty.err()).contains("line 2").contains("empty");
        CliRun hex = CliRun.of("find", "--hex", "--patterns-file", write("x.txt", "00\nzz\n").toString(),
                text.toString());
        assertThat(hex.exitCode()).isEqualTo(2);
        assertThat(hex.err()).contains("line 2");
        CliRun missing = CliRun.of("count", "--patterns-file", dir.resolve("nope").toString(), text.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("nope");
        CliRun both = CliRun.of("count", "-p", "a", "--patterns-file", write("o.txt", "a").toString(),
                text.toString());
        assertThat(both.exitCode()).isEqualTo(2);
        CliRun neither = CliRun.of("count", text.toString());
        assertThat(neither.exitCode()).isEqualTo(2);
        assertThat(neither.err()).contains("missing -p/--pattern PATTERN (or --patterns-file F)");
        CliRun badAlg = CliRun.of("count", "-a", "drk", "--patterns-file", write("q.txt", "a").toString(),
                text.toString());
        assertThat(badAlg.exitCode()).isEqualTo(2);
    }
}
