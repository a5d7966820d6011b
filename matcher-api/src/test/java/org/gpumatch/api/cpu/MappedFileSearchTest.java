package org.gpumatch.api.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedFileSearchTest {
    @TempDir
    Path dir;

    @Test
    void tinyWindowsAndPartsAgreeWithTheOracle() throws IOException {
        Random random = new Random(29);
        NaiveMatcher oracle = new NaiveMatcher();
        Path file = dir.resolve("text");
        for (int trial = 0; trial < 200; trial++) {
            int sigma = 1 + random.nextInt(trial % 3 == 0 ? 256 : 4);
            byte[] t = new byte[random.nextInt(2000)];
            for (int i = 0; i < t.length; i++) {
                t[i] = (byte) (random.nextInt(sigma) - (trial % 2 == 0 ? 0 : 128));
            }
            int m = 1 + random.nextInt(trial % 5 == 0 ? 70 : 9);
            byte[] p = new byte[m];
            int at = t.length > m ? random.nextInt(t.length - m) : -1;
            for (int j = 0; j < m; j++) {
                p[j] = at >= 0 ? t[at + j] : (byte) random.nextInt(sigma);
            }
            Files.write(file, t);
            int part = 1 + random.nextInt(150);
            long window = 1 + random.nextInt(trial % 4 == 0 ? 3000 : 300);
            MappedFileSearch search = new MappedFileSearch(p, part, window);
            int[] expected = oracle.find(Text.wrap(t), Pattern.of(p));
            List<Long> offsets = new ArrayList<>();
            assertThat(search.search(file, offsets::add)).isEqualTo(expected.length);
            assertThat(offsets).as("trial %d n %d m %d part %d window %d", trial, t.length, m, part, window)
                    .containsExactly(boxed(expected));
            assertThat(search.search(file, null)).isEqualTo(expected.length);
        }
    }

    @Test
    void cpuMatcherSearchesFilesInPlace() throws IOException {
        byte[] t = new byte[300_000];
        new Random(3).nextBytes(t);
        Path file = dir.resolve("random");
        Files.write(file, t);
        Pattern p = Pattern.of(java.util.Arrays.copyOfRange(t, 262_140, 262_150)); // across a part boundary
        CpuMatcher cpu = new CpuMatcher();
        int[] expected = new NaiveMatcher().find(Text.wrap(t), p);
        List<Long> offsets = new ArrayList<>();
        assertThat(cpu.find(file, p, offsets::add)).isEqualTo(expected.length);
        assertThat(offsets).containsExactly(boxed(expected));
        assertThat(cpu.count(file, p)).isEqualTo(expected.length);
        Files.write(file, new byte[0]);
        assertThat(cpu.count(file, p)).isZero();
        assertThatThrownBy(() -> cpu.count(dir.resolve("missing"), p)).isInstanceOf(IOException.class);
    }

    private static Long[] boxed(int[] offsets) {
        return java.util.Arrays.stream(offsets).mapToObj(o -> (long) o).toArray(Long[]::new);
    }
}
