package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file over the resident maximum (a sparse file of 2^31 + 2^16 + 11 bytes: zeros and a few copies of the pattern) is
 * streamed without being asked: offsets past 2^31 print as longs, and with a terminal on stderr the progress bar is
 * drawn and erased, or not drawn with {@code --quiet}. Each search reads 2 GiB of holes through the page cache (a few
 * seconds; the first is the slowest); skipped where the file system has no sparse files.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LargeFileCliTest {
    private static final long SIZE = (1L << 31) + (1 << 16) + 11;
    private static final byte[] PATTERN = "GPU match".getBytes(StandardCharsets.US_ASCII);
    private static final long[] PLANTED = {5, (1L << 31) - 4, (1L << 31) + 5, SIZE - PATTERN.length};

    @TempDir
    static Path dir;
    private Path file;

    @BeforeAll
    void writeSparseFile() throws IOException {
        file = dir.resolve("big.bin");
        long freeBefore = Files.getFileStore(dir).getUsableSpace();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(SIZE);
            for (long at : PLANTED) {
                f.seek(at);
                f.write(PATTERN);
            }
        } catch (IOException e) {
            Assumptions.abort("cannot create a sparse file of " + SIZE + " bytes here: " + e.getMessage());
        }
        long used = freeBefore - Files.getFileStore(dir).getUsableSpace();
        Assumptions.assumeTrue(used < (1L << 30), "no sparse files on the file system of " + dir);
    }

    @AfterAll
    void deleteIt() throws IOException {
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void findStreamsItWithLongOffsetsAndAProgressBar() {
        CliRun run = CliRun.withStderrTerminal("find", "-p", "GPU match", "-a", "naive", "--explain", file.toString())
                .ok();
        assertThat(run.longOffsets()).containsExactly(PLANTED);
        assertThat(run.err()).contains("gpumatch: streamed (the file is larger than the 2147483639 bytes (2^31-9)")
                .contains(SIZE + " bytes in 9 chunks of 268435456 bytes (256 MiB)")
                .contains("\rgpumatch: [").contains("%  ").contains(" of 2.0 GiB");
        // the bar is erased before --explain's last line: that line starts clean
        String beforeTime = run.err().substring(0, run.err().indexOf("gpumatch: time:"));
        assertThat(beforeTime).endsWith("\r");
    }

    @Test
    void countIsQuietWhenAsked() {
        CliRun run = CliRun.withStderrTerminal("count", "-p", "GPU match", "-a", "naive", "--quiet", file.toString())
                .ok();
        assertThat(run.out()).isEqualTo(PLANTED.length + "\n");
        assertThat(run.err()).isEmpty();
    }
}
