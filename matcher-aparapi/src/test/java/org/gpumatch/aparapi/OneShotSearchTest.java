package org.gpumatch.aparapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.gpumatch.aparapi.plan.Calibration;
import org.gpumatch.aparapi.plan.CrossoverTable;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facade sends one-shot device searches of files of at least {@link Search#ONE_SHOT_FROM} bytes through the one-shot search. */
class OneShotSearchTest {
    /** Rates under which the device always wins. */
    private static final Calibration DEVICE_WINS = new Calibration("test table", CrossoverTable.H100, 1e9, 1, 1, 1e15,
            1e15, 1e15, 0, 0, Map.of(Algorithm.DRK_WOM_32, 1e15, Algorithm.DRK_WOM_64, 1e15, Algorithm.DRK_2S, 1e15));

    @Test
    void largeFilesOnTheDeviceAreOverlappedAndExplainTheirStages(@TempDir Path dir) throws Exception {
        ComputeDevice d = TestDevices.openCl();
        Random r = new Random(11);
        byte[] text = new byte[(int) Search.ONE_SHOT_FROM + 12_345];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) "ACGT".charAt(r.nextInt(4));
        }
        Path file = dir.resolve("big.dna");
        Files.write(file, text);
        byte[] p = Arrays.copyOfRange(text, 777, 777 + 12);
        int[] want = new NaiveMatcher().find(Text.wrap(text), Pattern.of(p));
        List<String> lines = new ArrayList<>();
        try (Search s = Search.on(d).calibration(DEVICE_WINS).explain(lines::add).build()) {
            assertThat(s.count(file, Pattern.of(p))).isEqualTo(want.length);
            assertThat(s.lastOneShotTimes()).isPresent();
            assertThat(s.lastOneShotTimes().get().sigma()).isEqualTo(2);
            List<Long> got = new ArrayList<>();
            assertThat(s.find(file, Pattern.of(p), got::add)).isEqualTo(want.length);
            assertThat(got).containsExactlyElementsOf(Arrays.stream(want).asLongStream().boxed().toList());
            assertThat(s.lastOneShotTimes().get().compileNanos()).isZero(); // the lanes were kept
        }
        assertThat(lines).anyMatch(l -> l.contains("(device, overlapped): total"));
        assertThat(lines).anyMatch(l -> l.startsWith("input:") && l.contains("one-shot search"));
        assertThat(lines).anyMatch(l -> l.startsWith("one-shot: "));
        assertThat(lines).anyMatch(l -> l.startsWith("stages: "));
        assertThat(lines).anyMatch(l -> l.startsWith("overlap: "));
        // a chunk size set by the caller keeps the streamed path; a small file is held whole
        try (Search s = Search.on(d).calibration(DEVICE_WINS).chunkBytes(1 << 20).build()) {
            assertThat(s.count(file, Pattern.of(p))).isEqualTo(want.length);
            assertThat(s.lastOneShotTimes()).isEmpty();
            Path small = dir.resolve("small.dna");
            Files.write(small, Arrays.copyOf(text, 100_000));
        }
        try (Search s = Search.on(d).calibration(DEVICE_WINS).algorithm(Algorithm.DRK_WOM_64).build()) {
            assertThat(s.count(file, Pattern.of(p))).isEqualTo(want.length);
            assertThat(s.lastPlan().orElseThrow().algorithm()).isEqualTo(Algorithm.DRK_WOM_64);
            assertThat(s.lastOneShotTimes()).isPresent();
            assertThat(s.count(dir.resolve("small.dna"), Pattern.of(p))).isEqualTo(
                    new NaiveMatcher().count(Text.wrap(Arrays.copyOf(text, 100_000)), Pattern.of(p)));
            assertThat(s.lastOneShotTimes()).isEmpty();
        }
    }
}
