package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress bar with a fake clock: when it draws, how often, what, and that it leaves a clean line. */
class ProgressBarTest {
    private static final long GB = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private long now = 5_000 * MS;

    private String err() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private ProgressBar bar(long total, boolean enabled) {
        return new ProgressBar(err, total, enabled, () -> now);
    }

    @Test
    void drawsInPlaceAtMostTenTimesASecondFromTheFirstTenthAndErasesItself() {
        ProgressBar bar = bar(4 * GB, true);
        for (int step = 1; step <= 100; step++) { // 100 updates over one second
            now += 10 * MS;
            bar.update(step * 40_000_000L);
        }
        String drawn = err();
        assertThat(drawn.chars().filter(c -> c == '\r').count()).isEqualTo(10);
        assertThat(drawn).doesNotContain("\n").startsWith("\rgpumatch: [");
        bar.close();
        String all = err();
        assertThat(all).endsWith("\r").doesNotContain("\n");
        String lastFrame = drawn.substring(drawn.lastIndexOf('\r') + 1);
        assertThat(all.substring(drawn.length())).isEqualTo("\r" + " ".repeat(lastFrame.length()) + "\r");
        bar.close();
        assertThat(err()).isEqualTo(all); // closing twice erases once
    }

    @Test
    void rendersPercentSizesAndRate() {
        ProgressBar bar = bar(2L << 30, true);
        assertThat(bar.render(1L << 30, 1_000 * MS)).isEqualTo(
                "gpumatch: [===============>              ]  50%  1 GiB of 2 GiB, 1.07 GB/s");
        assertThat(bar.render(0, 0)).isEqualTo("gpumatch: [>                             ]   0%  0 bytes of 2 GiB");
        assertThat(bar.render(2L << 30, 2_000 * MS)).isEqualTo(
                "gpumatch: [==============================] 100%  2 GiB of 2 GiB, 1.07 GB/s");
        assertThat(bar.render(3L << 30, MS)).contains("100%"); // a file that grew: never past the end
    }

    @Test
    void silentForSmallInputsNonTerminalsAndUnknownSizes() {
        for (ProgressBar bar : new ProgressBar[] {bar(ProgressBar.MIN_BYTES, true), bar(4 * GB, false), bar(-1, true)}) {
            for (int i = 0; i < 5; i++) {
                now += 200 * MS;
                bar.update(i * GB);
            }
            bar.close();
        }
        assertThat(err()).isEmpty();
    }

    @Test
    void createFollowsTheTerminalFlagAndTheCommandsWish() {
        assertThat(drawsFor(new Io(err, err, false, err), true)).isTrue();
        assertThat(drawsFor(new Io(err, err, false, null), true)).isFalse();
        assertThat(drawsFor(new Io(err, err, false, err), false)).isFalse(); // --quiet
    }

    private boolean drawsFor(Io io, boolean wanted) {
        bytes.reset();
        ProgressBar bar = ProgressBar.create(io, wanted, 4 * GB, () -> now);
        bar.update(GB); // too early: nothing yet
        boolean early = !err().isEmpty();
        now += ProgressBar.REFRESH_NANOS;
        bar.update(2 * GB);
        bar.close();
        assertThat(early).as("drawn before %d ms", ProgressBar.REFRESH_NANOS / MS).isFalse();
        return !err().isEmpty();
    }

    @Test
    void terminalsAreRecognisedByTheirDevice(@TempDir Path dir) throws Exception {
        Path pts = Files.createSymbolicLink(dir.resolve("fd2"), Path.of("/dev/pts/7"));
        Path tty = Files.createSymbolicLink(dir.resolve("fd2b"), Path.of("/dev/tty1"));
        Path pipe = Files.createSymbolicLink(dir.resolve("fd1"), Path.of("pipe:[12345]"));
        Path file = Files.createSymbolicLink(dir.resolve("fd3"), dir.resolve("out.txt"));
        assertThat(Terminal.isTerminal(pts)).isTrue();
        assertThat(Terminal.isTerminal(tty)).isTrue();
        assertThat(Terminal.isTerminal(pipe)).isFalse();
        assertThat(Terminal.isTerminal(file)).isFalse();
        assertThat(Terminal.isTerminal(dir.resolve("missing"))).isFalse();
        assertThat(Terminal.isTerminal(dir)).isFalse(); // not a link
    }
}
