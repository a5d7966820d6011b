package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.api.stream.ProgressListener;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-shot search against the naive oracle on OpenCL: texts whose size is no multiple of the chunk, occurrences on
 * every chunk boundary, all 256 byte values and DNA, count and find, tiny buffers for many chunks, the empty file, a
 * file shorter than the pattern, patterns whose overlap a chunk cannot hold, alphabets that grow after the sample.
 */
class OneShotFileSearchTest {
    /** Small tiles (16 work-items of 2 words) so that small buffers hold several. */
    private static final int LOCAL = 16;
    private static final int WORDS = 2;
    private final NaiveMatcher naive = new NaiveMatcher();
    @TempDir
    Path dir;

    private static OneShotFileSearch oneShot(Algorithm a, int bufferBytes, int lanes, int threads) {
        return new OneShotFileSearch(TestDevices.openCl(), a, bufferBytes, lanes, threads, LOCAL, WORDS);
    }

    private Path file(byte[] text) throws IOException {
        Path f = Files.createTempFile(dir, "t", ".bin");
        Files.write(f, text);
        return f;
    }

    /** Count and find through the one-shot search, checked against the oracle; returns the count. */
    private long check(OneShotFileSearch p, Path file, byte[] text, byte[] pattern, String what) throws IOException {
        int[] want = naive.find(Text.wrap(text), Pattern.of(pattern));
        assertThat(p.count(file, Pattern.of(pattern), ProgressListener.NONE)).as("count " + what).isEqualTo(want.length);
        List<Long> got = new ArrayList<>();
        long n = p.find(file, Pattern.of(pattern), got::add, ProgressListener.NONE);
        assertThat(got).as("find " + what).containsExactlyElementsOf(Arrays.stream(want).asLongStream().boxed().toList());
        assertThat(n).isEqualTo(want.length);
        return n;
    }

    @Test
    void allByteValuesManyChunksEveryVariantMatchTheOracle() throws IOException {
        Random r = new Random(1);
        byte[] text = new byte[20_011];
        r.nextBytes(text);
        Path f = file(text);
        for (Algorithm a : new Algorithm[] {Algorithm.DRK_2S, Algorithm.DRK_WOM_64, Algorithm.DRK_WOM_32}) {
            try (OneShotFileSearch p = oneShot(a, 256, 2, 2)) { // 256 symbols a chunk buffer: about 80 chunks
                for (int m : new int[] {1, 2, 3, 4, 5, 7, 8, 9, 40, 128, 129}) {
                    if (OneShotFileSearch.unsupportedReason(a, m, 8, 256).isPresent()) {
                        continue;
                    }
                    for (int k = 0; k < 3; k++) {
                        int at = r.nextInt(text.length - m);
                        check(p, f, text, Arrays.copyOfRange(text, at, at + m), a.cliName() + " m=" + m);
                    }
                }
                assertThat(p.lastTimes().chunks()).isGreaterThan(50);
                assertThat(p.lastTimes().sigma()).isEqualTo(8);
            }
        }
    }

    @Test
    void occurrencesAtEveryPositionAcrossChunkBoundariesCountOnce() throws IOException {
        // periodic text: the pattern occurs at every start, so every window across a boundary is a match
        byte[] text = new byte[9_999];
        Arrays.fill(text, (byte) 'a');
        Path f = file(text);
        try (OneShotFileSearch p = oneShot(Algorithm.DRK_2S, 64, 3, 2)) {
            for (int m : new int[] {1, 2, 3, 31, 32, 33, 64}) {
                byte[] pattern = new byte[m];
                Arrays.fill(pattern, (byte) 'a');
                assertThat(check(p, f, text, pattern, "m=" + m)).isEqualTo(text.length - m + 1);
            }
        }
    }

    @Test
    void patternsPlantedAcrossEachChunkBoundary() throws IOException {
        int buffer = 128; // DNA: 32 words of 16 bases, 512 symbols a buffer
        for (int m : new int[] {2, 16, 17, 33, 200}) {
            int chunk = 512 - (m - 1);
            Random r = new Random(m);
            byte[] text = dna(chunk * 7 + 123, r);
            byte[] pattern = Arrays.copyOf(dna(m, r), m);
            for (int k = 1; k <= 7; k++) { // one occurrence straddling each boundary, at a different shift each
                int at = k * chunk - 1 - (k * 37) % m;
                if (at >= 0 && at + m <= text.length) {
                    System.arraycopy(pattern, 0, text, at, m);
                }
            }
            try (OneShotFileSearch p = oneShot(Algorithm.DRK_2S, buffer, 2, 2)) {
                assertThat(check(p, file(text), text, pattern, "m=" + m)).isGreaterThanOrEqualTo(6);
                assertThat(p.lastTimes().chunkSymbols()).isEqualTo(chunk);
                assertThat(p.lastTimes().sigma()).isEqualTo(2);
            }
        }
    }

    @Test
    void dnaCrossesAtAQuarterOfItsSize() throws IOException {
        Random r = new Random(7);
        byte[] text = dna(100_003, r);
        Path f = file(text);
        try (OneShotFileSearch p = oneShot(Algorithm.DRK_2S, 1024, 2, 2)) {
            for (int m : new int[] {1, 7, 16, 32, 33, 64, 300, 2048}) {
                int at = r.nextInt(text.length - m);
                check(p, f, text, Arrays.copyOfRange(text, at, at + m), "m=" + m);
            }
            OneShotTimes t = p.lastTimes();
            assertThat(t.sigma()).isEqualTo(2);
            assertThat(t.packedBytes()).isLessThan(text.length / 4 + t.chunks() * (2048 / 4 + 8));
            assertThat(t.describe()).hasSize(3);
        }
        try (OneShotFileSearch w32 = oneShot(Algorithm.DRK_WOM_32, 1024, 1, 1)) {
            check(w32, f, text, Arrays.copyOfRange(text, 10, 26), "drk-wom-32 m=16");
        }
    }

    @Test
    void emptyFilesAndFilesShorterThanThePatternHaveNoOccurrences() throws IOException {
        try (OneShotFileSearch p = oneShot(Algorithm.DRK_2S, 256, 2, 2)) {
            check(p, file(new byte[0]), new byte[0], "a".getBytes(), "empty");
            check(p, file("abc".getBytes()), "abc".getBytes(), "abcd".getBytes(), "short");
            check(p, file("abc".getBytes()), "abc".getBytes(), "abc".getBytes(), "equal");
            assertThat(p.lastTimes().chunks()).isEqualTo(1);
        }
    }

    @Test
    void patternsBeyondHalfABufferAreRefused() throws IOException {
        // 256-byte buffers hold 256 bytes or 1024 DNA bases; the m-1 overlap may take at most half
        assertThat(OneShotFileSearch.unsupportedReason(Algorithm.DRK_2S, 129, 8, 256)).isEmpty();
        assertThat(OneShotFileSearch.unsupportedReason(Algorithm.DRK_2S, 130, 8, 256)).get().asString()
                .contains("exceed half a chunk buffer");
        assertThat(OneShotFileSearch.unsupportedReason(Algorithm.DRK_2S, 513, 2, 256)).isEmpty();
        assertThat(OneShotFileSearch.unsupportedReason(Algorithm.DRK_WOM_64, 9, 8, 256)).isPresent();
        assertThat(OneShotFileSearch.unsupportedReason(Algorithm.CPU, 4, 8, 256)).isPresent();
        byte[] text = new byte[1000];
        new Random(5).nextBytes(text); // sigma 8
        try (OneShotFileSearch p = oneShot(Algorithm.DRK_2S, 256, 2, 2)) {
            Path f = file(text);
            assertThatThrownBy(() -> p.count(f, Pattern.of(new byte[130]), ProgressListener.NONE))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("drk-2s one-shot search");
        }
        assertThatThrownBy(() -> new OneShotFileSearch(TestDevices.openCl(), Algorithm.DRK, 256, 2, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no one-shot search");
    }

    @Test
    void bytesOutsideTheSampledAlphabetWidenItOrGoToTheCpu() throws IOException {
        Random r = new Random(3);
        byte[] text = dna(OneShotFileSearch.SAMPLE_HEAD + 400_000, r);
        int hidden = OneShotFileSearch.SAMPLE_HEAD + OneShotFileSearch.SAMPLE_BLOCK + 100; // between two sampled blocks
        text[hidden] = 'N';
        Path f = file(text);
        byte[] withN = Arrays.copyOfRange(text, hidden - 5, hidden + 5);
        byte[] plain = Arrays.copyOfRange(text, hidden + 20, hidden + 36); // 16 bases
        try (OneShotFileSearch p = oneShot(Algorithm.DRK_2S, 4096, 2, 2)) {
            check(p, f, text, withN, "N in the pattern");
            assertThat(p.lastTimes().widenings()).isZero(); // the pattern's N is in the alphabet from the start
            check(p, f, text, plain, "N only in the text");
            assertThat(p.lastTimes().widenings()).isEqualTo(1);
            assertThat(p.lastTimes().sigma()).isEqualTo(3);
        }
        try (OneShotFileSearch p = oneShot(Algorithm.DRK_WOM_32, 4096, 2, 2)) {
            check(p, f, text, plain, "drk-wom-32, m = 16 > 10 bases of 3 bits");
            assertThat(p.lastTimes().cpuChunks()).isEqualTo(1);
        }
    }

    /**
     * A sparse file of 2 GiB + 4 KiB: about 14 s on a 2-core PoCL machine (mapping 2 GiB of zero pages), so it runs only
     * with {@code -Dgpumatch.test.large=true}.
     */
    @Test
    void offsetsBeyondTwoGibibytesAreLongs() throws IOException {
        Assumptions.assumeTrue(Boolean.getBoolean("gpumatch.test.large"), "set -Dgpumatch.test.large=true");
        Path f = dir.resolve("sparse.bin");
        long n = (1L << 31) + 4097;
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(n); // zeros, sparse
            raf.seek(n - 10);
            raf.write(new byte[] {1, 1, 0, 1});
            raf.seek(5);
            raf.write(new byte[] {1, 1, 0, 1});
        }
        List<Long> got = new ArrayList<>();
        try (OneShotFileSearch p = oneShot(Algorithm.DRK_WOM_32, 1 << 22, 2, 2)) {
            assertThat(p.find(f, Pattern.of(new byte[] {1, 1, 0, 1}), got::add, ProgressListener.NONE)).isEqualTo(2);
            assertThat(p.lastTimes().sigma()).isEqualTo(1);
        }
        assertThat(got).containsExactly(5L, n - 10);
    }

    @Test
    void lanesAreKeptAcrossSearchesAndOnlyTheFirstCompiles() throws IOException {
        byte[] text = dna(30_000, new Random(9));
        Path f = file(text);
        try (OneShotFileSearch p = oneShot(Algorithm.DRK_2S, 512, 2, 1)) {
            check(p, f, text, Arrays.copyOfRange(text, 100, 110), "first");
            check(p, f, text, Arrays.copyOfRange(text, 200, 230), "second");
            assertThat(p.lastTimes().compileNanos()).isZero();
        }
    }

    private static byte[] dna(int n, Random r) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) "ACGT".charAt(r.nextInt(4));
        }
        return b;
    }

    static ComputeDevice device() {
        return TestDevices.openCl();
    }
}
