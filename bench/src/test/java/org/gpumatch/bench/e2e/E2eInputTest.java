package org.gpumatch.bench.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.bench.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated e2e files: patterns occur and hold no newline, counts are the naive ones, parts cover the text. */
class E2eInputTest {
    @TempDir
    Path tmp;

    @Test
    void patternsOccurWithoutNewlinesAndCountsAreExact() throws Exception {
        for (String kind : E2eInput.KINDS) {
            for (long size : new long[] {1, 1000, 1024, 9000}) {
                E2eInput in = E2eInput.generate(kind, size, List.of(1, 8, 64, 1024), tmp);
                assertThat(Files.readAllBytes(in.file())).isEqualTo(in.text());
                assertThat(in.patterns().keySet()).allSatisfy(m -> assertThat((long) m).isLessThanOrEqualTo(size));
                in.patterns().forEach((m, p) -> {
                    assertThat(p).hasSize(m).doesNotContain((byte) '\n');
                    long naive = new NaiveMatcher().count(Text.wrap(in.text()), Pattern.of(p));
                    assertThat(in.counts().get(m)).isEqualTo(naive).isPositive();
                });
            }
        }
    }

    @Test
    void dnaHasLinesOfAFewKilobytes() throws Exception {
        E2eInput in = E2eInput.generate("dna", 20_000, List.of(8), tmp);
        assertThat(in.text()[E2eInput.DNA_LINE - 1]).isEqualTo((byte) '\n');
        assertThat(in.sigma()).isEqualTo(2);
        assertThat(in.label()).isEqualTo("dna-20000");
    }

    @Test
    void partsOverlapByMMinusOneAndCoverEveryWindow() throws Exception {
        E2eInput in = E2eInput.generate("random", 10_001, List.of(64), tmp);
        List<Path> parts = in.writeParts(3, 64, tmp);
        assertThat(parts).hasSize(3);
        assertThat(Files.size(parts.get(0))).isEqualTo(3334 + 63);
        assertThat(Files.size(parts.get(2))).isEqualTo(10_001 - 2 * 3334);
        long sum = 0;
        for (int i = 0; i < 3; i++) { // windows starting in each part's own range
            byte[] b = Files.readAllBytes(parts.get(i));
            byte[] own = java.util.Arrays.copyOf(b, (int) Math.min(b.length, 3334 + 63));
            sum += new NaiveMatcher().count(Text.wrap(own), Pattern.of(in.patterns().get(64)));
        }
        assertThat(sum).isEqualTo(in.counts().get(64));
    }

    @Test
    void sizeLabelsAndBadSizes() {
        assertThat(E2eInput.sizeLabel(1024)).isEqualTo("1k");
        assertThat(E2eInput.sizeLabel(100L << 20)).isEqualTo("100m");
        assertThat(E2eInput.sizeLabel(1L << 30)).isEqualTo("1g");
        assertThat(E2eInput.sizeLabel(1000)).isEqualTo("1000");
        assertThatThrownBy(() -> E2eInput.generate("dna", 3L << 30, List.of(8), tmp))
                .isInstanceOf(UsageException.class).hasMessageContaining("--sizes");
    }
}
