package org.gpumatch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.gpumatch.bench.BenchOptions.Mode;
import org.gpumatch.bench.BenchOptions.TextFile;
import org.gpumatch.bench.exact.ExactGrid;
import org.junit.jupiter.api.Test;

/** The options of the grid-in-pieces and real-text runs: labeled texts, {@code --sigma none}, {@code --modes}. */
class BenchOptionsTest {
    private static BenchOptions parse(String... args) {
        return BenchOptions.parse(args);
    }

    @Test
    void textsTakeLabelsCommasAndRepetition() {
        BenchOptions o = parse("exact", "--text", "dna=/data/dna.txt.gz, protein=/data/p.txt", "--text",
                "/x/english.txt", "--text", "book.txt.gz");
        assertThat(o.texts()).containsExactly(new TextFile("dna", Path.of("/data/dna.txt.gz")),
                new TextFile("protein", Path.of("/data/p.txt")), new TextFile("english.txt", Path.of("/x/english.txt")),
                new TextFile("book.txt", Path.of("book.txt.gz")));
        assertThat(o.texts().get(0).gzipped()).isTrue();
        assertThat(o.texts().get(1).gzipped()).isFalse();
        // a path with '=' whose prefix is no label stays a path
        assertThat(BenchOptions.textList("/a=b/c.txt", "--text"))
                .containsExactly(new TextFile("c.txt", Path.of("/a=b/c.txt")));
        assertThat(parse("exact").texts()).isEmpty();
    }

    @Test
    void badTextsAreUsageErrors() {
        assertThatThrownBy(() -> parse("exact", "--text", "a=x.txt,a=y.txt")).isInstanceOf(UsageException.class)
                .hasMessageContaining("label a is given twice");
        assertThatThrownBy(() -> parse("exact", "--text", "dna=")).isInstanceOf(UsageException.class)
                .hasMessageContaining("no file after dna=");
        assertThatThrownBy(() -> parse("exact", "--text", "x.txt,,y.txt")).isInstanceOf(UsageException.class)
                .hasMessageContaining("empty file name");
    }

    @Test
    void sigmaNoneMeansNoRandomTextAndDefaultsStay() {
        assertThat(ExactGrid.of(parse("exact", "--sigma", "none", "--text", "a.txt")).sigmas()).isEmpty();
        assertThat(ExactGrid.of(parse("exact")).sigmas()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(ExactGrid.of(parse("exact", "--quick")).sigmas()).containsExactly(1, 8);
        assertThat(ExactGrid.of(parse("exact", "--sigma", "5,6,7,8")).sigmas()).containsExactly(5, 6, 7, 8);
        assertThat(ExactGrid.of(parse("exact", "--m", "4,8,16,32,64,256,1024")).ms())
                .containsExactly(4, 8, 16, 32, 64, 256, 1024);
        assertThatThrownBy(() -> parse("exact", "--sigma", "0")).isInstanceOf(UsageException.class);
    }

    @Test
    void sweepsOnlyIsAFlagOffByDefault() {
        assertThat(parse("kmismatch").sweepsOnly()).isFalse();
        assertThat(parse("kmismatch", "--sweeps-only", "--text", "dna=ecoli.fa").sweepsOnly()).isTrue();
    }

    @Test
    void modesSelectWhatIsMeasured() {
        assertThat(parse("exact").modes()).containsExactlyInAnyOrder(Mode.values());
        BenchOptions o = parse("exact", "--modes", "resident,cpu");
        assertThat(o.modes()).containsExactlyInAnyOrder(Mode.RESIDENT, Mode.CPU_1T, Mode.CPU_ALL);
        assertThat(o.measures(Mode.ONESHOT)).isFalse();
        assertThat(parse("exact", "--modes", "oneshot,external").modes())
                .containsExactlyInAnyOrder(Mode.ONESHOT, Mode.EXTERNAL);
        assertThatThrownBy(() -> parse("exact", "--modes", "resident,gpu")).isInstanceOf(UsageException.class)
                .hasMessageContaining("unknown mode \"gpu\"");
        assertThat(List.of(Mode.values())).extracting(Mode::cliName)
                .containsExactly("resident", "oneshot", "cpu-1t", "cpu-all", "external", "gpumatch", "rg", "rg-parts",
                        "grep");
    }

    @Test
    void e2eSizesLauncherAndWork() {
        BenchOptions o = parse("e2e", "--sizes", "1k,1m,100M,1g", "--launcher", "/b/gpumatch", "--work", "/w",
                "--modes", "gpumatch,rg-parts");
        assertThat(o.sizes()).containsExactly(1024L, 1L << 20, 100L << 20, 1L << 30);
        assertThat(o.launcher()).contains(Path.of("/b/gpumatch"));
        assertThat(o.work()).contains(Path.of("/w"));
        assertThat(o.modes()).containsExactlyInAnyOrder(Mode.GPUMATCH, Mode.RG_PARTS);
        assertThat(parse("e2e").sizes()).isEmpty();
        assertThatThrownBy(() -> parse("e2e", "--sizes", "1k,0")).isInstanceOf(UsageException.class)
                .hasMessageContaining("--sizes");
    }
}
