package org.gpumatch.checker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit codes and the exact lines the command prints. */
class CheckerCliTest {
    @TempDir
    Path dir;

    private Path text;
    private Path sa;
    private int[] correct;

    @BeforeEach
    void writeFiles() throws IOException {
        final byte[] t = Texts.dnaLike(5000, 9);
        correct = SuffixSorting.prefixDoubling(t);
        text = Files.write(dir.resolve("text.txt"), t);
        sa = SaFiles.write(dir.resolve("text.sa"), correct, EntryFormat.INT32);
    }

    @Test
    void correctSuffixArrayPrintsOk() {
        final Run r = run(text, sa);
        assertThat(r.code).isZero();
        assertThat(r.out).containsExactly("OK");
        assertThat(r.err).isEmpty();
    }

    @Test
    void wrongSuffixArrayPrintsOneFailLine() throws IOException {
        final int[] wrong = correct.clone();
        wrong[100] = correct[2000];
        wrong[2000] = correct[100];
        final Run r = run(text, SaFiles.write(dir.resolve("wrong.sa"), wrong, EntryFormat.INT32));
        assertThat(r.code).isEqualTo(1);
        assertThat(r.out).hasSize(1);
        assertThat(r.out.get(0)).isEqualTo(SuffixArrayChecker.sequential().check(Files.readAllBytes(text), wrong).line())
                .startsWith("FAIL: ");
        assertThat(r.err).isEmpty();
    }

    @Test
    void wrongEntryCountIsAFailNotAnError() throws IOException {
        final int[] shorter = java.util.Arrays.copyOf(correct, correct.length - 1);
        final Run r = run(text, SaFiles.write(dir.resolve("short.sa"), shorter, EntryFormat.INT32));
        assertThat(r.code).isEqualTo(1);
        assertThat(r.out).containsExactly(
                "FAIL: entry count at index 4999: the suffix array has 4999 entries but the text has 5000 bytes");
    }

    @Test
    void otherFormatsAndThreadCounts() throws IOException {
        final Path sa64 = SaFiles.write(dir.resolve("sa64"), correct, EntryFormat.INT64);
        final Path sa40 = SaFiles.write(dir.resolve("sa40"), correct, EntryFormat.INT40);
        assertThat(run(text, sa64, "--format", "int64").out).containsExactly("OK");
        assertThat(run(text, sa40, "--format=int40", "--threads", "3").out).containsExactly("OK");
        assertThat(run("--threads=1", text.toString(), sa.toString()).code).isZero();
        final Run misread = run(text, sa64, "--format", "int32"); // 40000 bytes read as 10000 int32 entries
        assertThat(misread.code).isEqualTo(1);
        assertThat(misread.out.get(0)).startsWith("FAIL: entry count at index 5000:");
    }

    @Test
    void helpExitsZero() {
        final Run r = run("--help");
        assertThat(r.code).isZero();
        assertThat(r.out.get(0)).startsWith("Usage: TEXT SA");
        assertThat(r.err).isEmpty();
    }

    @Test
    void missingFiles() {
        assertUsageError(run(dir.resolve("nope"), sa), "error: text file '" + dir.resolve("nope") + "' does not exist");
        assertUsageError(run(text, dir.resolve("nope.sa")),
                "error: suffix array file '" + dir.resolve("nope.sa") + "' does not exist");
        assertUsageError(run(dir, sa), "error: text file '" + dir + "' is a directory");
    }

    @Test
    void suffixArraySizeNotAMultipleOfTheWidth() throws IOException {
        final Path odd = Files.write(dir.resolve("odd.sa"), new byte[5001 * 4 + 3]);
        final Run r = run(text, odd);
        assertUsageError(r, null);
        assertThat(r.err.get(0)).contains("20007 bytes, not a multiple of the entry width 4");
    }

    @Test
    void badUsage() {
        assertUsageError(run(), "error: expected two files, TEXT and SA, got 0;"
                + " usage: TEXT SA [--format int32|int64|int40] [--threads N] [--help]");
        assertUsageError(run(text.toString()), null);
        assertUsageError(run(text.toString(), sa.toString(), "third"), null);
        assertUsageError(run(text, sa, "--format", "int16"), null);
        assertUsageError(run(text, sa, "--format"), null);
        assertUsageError(run(text, sa, "--threads", "0"), null);
        assertUsageError(run(text, sa, "--threads", "many"), null);
        assertUsageError(run(text, sa, "--verbose"), "error: unknown option '--verbose';"
                + " usage: TEXT SA [--format int32|int64|int40] [--threads N] [--help]");
    }

    /** A sparse text of 2^31 bytes is too long for int32 entries; found before any suffix array is read. */
    @Test
    void int32EntriesForATextOfMoreThan2To31Minus1Bytes() throws IOException {
        final Path big = dir.resolve("big");
        try (RandomAccessFile raf = new RandomAccessFile(big.toFile(), "rw")) {
            raf.setLength(1L << 31);
        }
        final Run r = run(big, sa);
        assertUsageError(r, null);
        assertThat(r.err.get(0)).contains("2147483648 bytes, too many for int32 entries");
    }

    private static void assertUsageError(final Run r, final String line) {
        assertThat(r.code).isEqualTo(2);
        assertThat(r.out).isEmpty();
        assertThat(r.err).hasSize(1);
        assertThat(r.err.get(0)).startsWith("error: ").doesNotContain("Exception");
        if (line != null) {
            assertThat(r.err.get(0)).isEqualTo(line);
        }
    }

    private static Run run(final Path textFile, final Path saFile, final String... options) {
        final String[] args = new String[options.length + 2];
        args[0] = textFile.toString();
        args[1] = saFile.toString();
        System.arraycopy(options, 0, args, 2, options.length);
        return run(args);
    }

    private static Run run(final String... args) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = CheckerCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8).lines().toList(),
                err.toString(StandardCharsets.UTF_8).lines().toList());
    }

    /** What one command run returned and printed. */
    private static final class Run {
        final int code;
        final List<String> out;
        final List<String> err;

        Run(final int code, final List<String> out, final List<String> err) {
            this.code = code;
            this.out = out;
            this.err = err;
        }
    }
}
