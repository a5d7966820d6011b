package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.suffixarray.NaiveSuffixArray;
import org.gpumatch.suffixarray.SuffixArrayFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sa build}'s long path (texts over 2^31-9 bytes), forced on small texts by the hidden {@code --long-path-from}:
 * the same files as the int path in every format, {@code --verify}, {@code sa check} and {@code sa search} on them, and
 * the one-line refusals, two of them on a sparse file of 2^31 + 10 bytes (refused before it is read).
 */
class SaLongBuildCliTest {
    @TempDir
    Path dir;

    @Test
    void theLongPathWritesTheIntPathsFilesInEveryFormat() throws Exception {
        byte[] text = TestFiles.dna(3001, 7);
        Path t = Files.write(dir.resolve("t.txt"), text);
        for (EntryFormat f : EntryFormat.values()) {
            String viaInt = dir.resolve("int." + f.label()).toString();
            String viaLong = dir.resolve("long." + f.label()).toString();
            CliRun.of("sa", "build", t.toString(), "-o", viaInt, "--format", f.label(), "-a", "cpu").ok();
            CliRun build = CliRun.of("sa", "build", t.toString(), "-o", viaLong, "--format", f.label(), "--verify",
                    "--long-path-from", "0").ok();
            assertThat(build.outLines()).containsExactly("OK");
            assertThat(Files.readAllBytes(Path.of(viaLong))).isEqualTo(Files.readAllBytes(Path.of(viaInt)));
            assertThat(SuffixArrayFiles.read(Path.of(viaLong), f)).isEqualTo(NaiveSuffixArray.build(text));
            assertThat(CliRun.of("sa", "check", t.toString(), viaLong, "--format", f.label()).ok().outLines())
                    .containsExactly("OK");
            String pattern = new String(text, 500, 5, StandardCharsets.US_ASCII);
            assertThat(CliRun.of("sa", "search", t.toString(), viaLong, "--format", f.label(), "-p", pattern).ok()
                    .out()).isEqualTo(CliRun.of("sa", "search", t.toString(), viaInt, "--format", f.label(), "-p",
                    pattern).ok().out()).isNotEqualTo("0\n");
        }
    }

    @Test
    void theLongPathWritesTheIntPathsLcpArray() throws Exception {
        byte[] half = TestFiles.dna(2000, 9);
        byte[] text = new byte[2 * half.length]; // doubled: LCPs up to half its length
        System.arraycopy(half, 0, text, 0, half.length);
        System.arraycopy(half, 0, text, half.length, half.length);
        Path t = Files.write(dir.resolve("l.txt"), text);
        for (EntryFormat f : new EntryFormat[] {EntryFormat.INT32, EntryFormat.INT40}) {
            Path viaInt = dir.resolve("int.lcp." + f.label());
            Path viaLong = dir.resolve("long.lcp." + f.label());
            CliRun.of("sa", "build", t.toString(), "-o", dir.resolve("i.sa").toString(), "--format", f.label(),
                    "-a", "cpu", "--lcp", viaInt.toString()).ok();
            CliRun build = CliRun.of("sa", "build", t.toString(), "-o", dir.resolve("l.sa").toString(), "--format",
                    f.label(), "--threads", "3", "--lcp", viaLong.toString(), "--long-path-from", "0").ok();
            assertThat(Files.readAllBytes(viaLong)).isEqualTo(Files.readAllBytes(viaInt));
            assertThat(build.errLines()).anyMatch(l -> l.startsWith("gpumatch: sa build: LCP array written to "));
        }
        int[] lcp = SuffixArrayFiles.read(dir.resolve("long.lcp.int32"), EntryFormat.INT32);
        assertThat(lcp[0]).isZero();
        assertThat(java.util.Arrays.stream(lcp).max().getAsInt()).isGreaterThanOrEqualTo(text.length / 2);
        // sa lcp on the long path (the text in pages, the array mapped) writes the same file
        Path viaLcp = dir.resolve("sa-lcp.int40");
        CliRun.of("sa", "lcp", t.toString(), dir.resolve("l.sa").toString(), "-o", viaLcp.toString(), "--format",
                "int40", "--threads", "2", "--long-path-from", "0").ok();
        assertThat(Files.readAllBytes(viaLcp)).isEqualTo(Files.readAllBytes(dir.resolve("int.lcp.int40")));
        assertThat(CliRun.of("sa", "lcp", t.toString(), dir.resolve("l.sa").toString(), "-o", viaLcp.toString(),
                "--format", "int40", "-a", "gpu", "--long-path-from", "0").usageError())
                .contains("the GPU LCP builder takes at most").contains("use -a cpu");
        // a wrong array: one line naming the file and the entry
        byte[] sa = Files.readAllBytes(dir.resolve("l.sa"));
        sa[5 * 17] = (byte) 0xFF;
        sa[5 * 17 + 1] = (byte) 0xFF;
        Path wrong = Files.write(dir.resolve("wrong.sa"), sa);
        assertThat(CliRun.of("sa", "lcp", t.toString(), wrong.toString(), "-o", viaLcp.toString(), "--format",
                "int40", "--long-path-from", "0").usageError()).contains(wrong.toString())
                .contains("suffix array entry 17 = ").contains("is not a position of the text");
    }

    @Test
    void explainNamesTheLongBuilderAndTheGpuLimit() throws Exception {
        Path t = Files.write(dir.resolve("e.txt"), TestFiles.dna(500, 2));
        CliRun run = CliRun.of("sa", "build", t.toString(), "-o", dir.resolve("e.sa").toString(), "--format",
                "int40", "--explain", "--long-path-from", "100").ok();
        assertThat(run.errLines()).hasSize(1).allMatch(l -> l.contains("sais-long") && l.contains("gpu none")
                && l.contains("GPU builder takes at most 2147483639 bytes") && l.endsWith(": cpu"));
    }

    @Test
    void refusalsAreOneLine() throws Exception {
        Path t = Files.write(dir.resolve("r.txt"), TestFiles.dna(500, 2));
        String out = dir.resolve("r.sa").toString();
        assertThat(CliRun.of("sa", "build", t.toString(), "-o", out, "--format", "int40", "-a", "gpu",
                "--long-path-from", "0").usageError()).contains("too long for the GPU builder").contains("-a cpu");
        assertThat(CliRun.of("sa", "build", t.toString(), "-o", out, "--format", "int40", "--bwt",
                dir.resolve("r.bwt").toString(), "--long-path-from", "0").usageError())
                .contains("--bwt is not available yet");
        Path sparse = dir.resolve("sparse.txt");
        try (RandomAccessFile f = new RandomAccessFile(sparse.toFile(), "rw")) {
            f.setLength((1L << 31) + 10);
        }
        assertThat(CliRun.of("sa", "build", sparse.toString(), "-o", out).usageError())
                .contains("2147483658 bytes").contains("use --format int40");
        assertThat(CliRun.of("sa", "build", sparse.toString(), "-o", out, "--format", "int40", "-a", "gpu")
                .usageError()).contains("too long for the GPU builder");
        assertThat(Files.exists(Path.of(out))).isFalse();
    }
}
