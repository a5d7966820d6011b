package org.gpumatch.aparapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.gpumatch.aparapi.plan.Calibration;
import org.gpumatch.aparapi.plan.CrossoverTable;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.api.Text;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facade on all three input kinds, held whole and streamed, with progress and explain; answers by the oracle. */
class SearchTest {
    /** Rates under which the device always wins: no compile, instant copies (a table, so the choice is certain). */
    private static final Calibration DEVICE_WINS = new Calibration("test table", CrossoverTable.H100, 1e9, 1, 1, 1e15,
            1e15, 1e15, 0, 0, Map.of(Algorithm.DRK_WOM_32, 1e15, Algorithm.DRK_WOM_64, 1e15, Algorithm.DRK_2S, 1e15));

    private static byte[] dna(int n, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) "ACGT".charAt(r.nextInt(4));
        }
        return b;
    }

    private static long expected(byte[] text, Pattern p) {
        try (NaiveMatcher oracle = new NaiveMatcher()) {
            return oracle.count(Text.wrap(text), p);
        }
    }

    @Test
    void allInputKindsHeldWholeAndStreamedAgreeWithTheOracleInJavaThreads(@TempDir Path dir) throws Exception {
        byte[] text = dna(100_003, 1);
        Path file = dir.resolve("t.txt");
        Files.write(file, text);
        for (String p : new String[] {"A", "ACGT", "GATTACA", "ACGTACGTACGTACGTACGTACGTACGTACGTACG"}) {
            Pattern pattern = Pattern.utf8(p);
            long want = expected(text, pattern);
            try (Search s = Search.on(ComputeDevice.JAVA_THREADS).build()) {
                assertThat(s.count(file, pattern)).isEqualTo(want);
                assertThat(s.count(text, pattern)).isEqualTo(want);
                assertThat(s.count(new ByteArrayInputStream(text), pattern)).isEqualTo(want);
                assertThat(s.lastPlan().orElseThrow().reason()).contains("no OpenCL device");
            }
            for (long chunk : new long[] {1, 7, 4096}) {
                try (Search s = Search.on(ComputeDevice.JAVA_THREADS).chunkBytes(chunk).build()) {
                    assertThat(s.count(file, pattern)).as("chunk %d", chunk).isEqualTo(want);
                    assertThat(s.count(new ByteArrayInputStream(text), pattern)).isEqualTo(want);
                    List<Long> found = new ArrayList<>();
                    assertThat(s.find(file, pattern, found::add)).isEqualTo(want);
                    assertThat(found).hasSize((int) want).isSorted();
                }
            }
        }
    }

    @Test
    void emptyAndTinyInputs(@TempDir Path dir) throws Exception {
        Path empty = Files.createFile(dir.resolve("empty"));
        try (Search s = Search.on(ComputeDevice.JAVA_THREADS).build()) {
            assertThat(s.count(empty, Pattern.utf8("a"))).isZero();
            assertThat(s.count(new byte[0], Pattern.utf8("a"))).isZero();
            assertThat(s.count(new byte[] {'a'}, Pattern.utf8("a"))).isEqualTo(1);
            assertThat(s.count(new byte[] {'a'}, Pattern.utf8("aa"))).isZero();
        }
    }

    @Test
    void progressReachesTheSizeAndExplainShowsPlanEstimatesAndTimes(@TempDir Path dir) throws Exception {
        byte[] text = dna(50_000, 2);
        Path file = dir.resolve("t.txt");
        Files.write(file, text);
        List<Long> done = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        try (Search s = Search.on(ComputeDevice.JAVA_THREADS).progress((d, total) -> done.add(d)).explain(lines::add)
                .build()) {
            s.count(file, Pattern.utf8("ACGTA"));
        }
        assertThat(done).isNotEmpty().isSorted();
        assertThat(done.get(done.size() - 1)).isEqualTo(text.length);
        assertThat(lines.get(0)).startsWith("plan: ");
        assertThat(lines).anyMatch(l -> l.startsWith("why: ")).anyMatch(l -> l.startsWith("estimates ("))
                .anyMatch(l -> l.startsWith("  * ")).anyMatch(l -> l.startsWith("time: search "));
        // the CPU matcher wins on the host: the file is searched in place, never read whole onto the heap
        assertThat(lines).anyMatch(l -> l.contains("searched in place")).noneMatch(l -> l.contains("held whole"));

        lines.clear();
        done.clear();
        try (Search s = Search.on(ComputeDevice.JAVA_THREADS).chunkBytes(10_000).progress((d, t) -> done.add(d))
                .explain(lines::add).build()) {
            s.count(file, Pattern.utf8("ACGTA"));
        }
        assertThat(done.get(done.size() - 1)).isEqualTo(text.length);
        assertThat(lines).anyMatch(l -> l.startsWith("streamed (a chunk size is set): " + text.length + " bytes in 5 chunks of 10000 bytes"));
    }

    @Test
    void aForcedAlgorithmThatCannotTakeTheInputIsAOneLineError() {
        try (Search s = Search.on(ComputeDevice.JAVA_THREADS).algorithm(Algorithm.DRK_WOM_32).build()) {
            assertThatThrownBy(() -> s.count(dna(100, 3), Pattern.utf8("ACGTACGTACGTACGTACGT")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("drk-wom-32 cannot search")
                    .hasMessageContaining("algorithms that can: ");
        }
        assertThatThrownBy(() -> Search.on(ComputeDevice.JAVA_THREADS).chunkBytes(-1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onOpenClAResidentArrayIsReusedAndFavoursTheDevice(@TempDir Path dir) throws Exception {
        ComputeDevice d = TestDevices.openCl();
        byte[] text = dna(70_001, 4);
        Path file = dir.resolve("t.txt");
        Files.write(file, text);
        List<String> lines = new ArrayList<>();
        try (Search s = Search.on(d).calibration(DEVICE_WINS).explain(lines::add).build()) {
            for (String p : new String[] {"ACG", "ACGTACGTAC", "ACGTACGTACGTACGTACGTACGTACGTACGTACGT"}) {
                Pattern pattern = Pattern.utf8(p);
                long want = expected(text, pattern);
                assertThat(s.count(text, pattern)).isEqualTo(want);
                assertThat(s.lastPlan().orElseThrow().algorithm().isCpuReference()).isFalse();
                assertThat(s.count(text, pattern)).isEqualTo(want); // second query: the text is on the device
                assertThat(s.count(file, pattern)).isEqualTo(want);
                assertThat(s.count(new ByteArrayInputStream(text), pattern)).isEqualTo(want);
            }
        }
        assertThat(lines).anyMatch(l -> l.contains("held whole (device)"));
        assertThat(lines).anyMatch(l -> l.contains("kernel launches"));
        try (Search s = Search.on(d).calibration(DEVICE_WINS).chunkBytes(9_999).build()) {
            Pattern pattern = Pattern.utf8("ACGTACGTACG");
            assertThat(s.count(file, pattern)).isEqualTo(expected(text, pattern));
        }
    }

    @Test
    void autoAnswersASmallTextOnTheCpuWithoutListingDevices(@TempDir Path dir) throws IOException {
        byte[] text = dna(1000, 7);
        Path file = dir.resolve("small.txt");
        Files.write(file, text);
        List<String> lines = new ArrayList<>();
        try (Search s = Search.on(org.gpumatch.gpu.runtime.DevicePolicy.AUTO).explain(lines::add).build()) {
            assertThat(s.count(file, Pattern.utf8("ACGT"))).isEqualTo(naiveCount(text, "ACGT"));
            assertThat(s.count(text, Pattern.utf8("ACGT"))).isEqualTo(naiveCount(text, "ACGT"));
            assertThat(s.lastPlan().orElseThrow().algorithm()).isEqualTo(Algorithm.CPU);
        }
        assertThat(lines).contains("plan: cpu on CPU").anyMatch(l -> l.contains("no OpenCL device was listed"));
    }

    private static long naiveCount(byte[] text, String pattern) {
        return new NaiveMatcher().count(Text.wrap(text), Pattern.utf8(pattern));
    }
}
