package org.gpumatch.bench.multi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The external peers' process handling, with shell scripts standing in for rg and grep. */
class MultiPeersTest {
    @TempDir
    Path dir;

    /** A "tool" running {@code script} by sh; the {@code -f PATTERNS TEXT} arguments land in $1..$3. */
    private static MultiPeers.Tool shell(String script, boolean countsLines) {
        return new MultiPeers.Tool("sh", List.of("sh", "-c", script, "sh"), "test", countsLines);
    }

    private List<Path> parts(int count) throws IOException {
        List<Path> parts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            parts.add(Files.writeString(dir.resolve("part" + i), "x".repeat(i + 1)));
        }
        return parts;
    }

    @Test
    void outputLinesOfEveryPartAreCountedWhileAllRun() throws IOException {
        // each part prints 200,000 lines (more than a pipe holds) and its own length
        MultiPeers.Tool lines = shell("head -c 200000 /dev/zero | tr '\\0' '\\n'; wc -c < \"$3\"", true);
        long sum = MultiPeers.runParts(lines, dir.resolve("patterns"), parts(4), 60_000);
        assertThat(sum).isEqualTo(4 * 200_001L);
        MultiPeers.Tool number = shell("wc -c < \"$3\"", false);
        assertThat(MultiPeers.runParts(number, dir.resolve("patterns"), parts(4), 60_000)).isEqualTo(1 + 2 + 3 + 4);
        assertThat(MultiPeers.run(number, dir.resolve("patterns"), parts(3).get(2), 60_000)).isEqualTo(3);
    }

    /**
     * The peer's child (an hour's sleep holding the output pipe, its pid in PART.pid) must be killed too, or the run
     * waits for it: a hang, which the preemptive timeout turns into a failure. No bound on how soon the kill lands (a
     * loaded machine may take seconds); the timeout of minutes only catches the hang. A failing run kills the sleeps it
     * left behind.
     */
    @Test
    void aPeerPastItsLimitIsKilledAndReported() throws IOException {
        List<Path> parts = parts(2);
        try {
            assertTimeoutPreemptively(Duration.ofMinutes(2), () -> assertThatThrownBy(() -> MultiPeers.runParts(
                    shell("sleep 3600 & echo $! > \"$3.pid\"; wait; echo 1", false), dir.resolve("patterns"), parts,
                    300)).isInstanceOf(MultiPeers.TimedOut.class).hasMessageContaining("killed after 300 ms"));
        } catch (AssertionError e) {
            for (Path part : parts) {
                Path pid = part.resolveSibling(part.getFileName() + ".pid");
                String number = Files.exists(pid) ? Files.readString(pid).trim() : "";
                if (number.matches("\\d+")) { // none when sh was killed before it started the sleep
                    ProcessHandle.of(Long.parseLong(number))
                            .filter(h -> h.info().command().orElse("").endsWith("sleep"))
                            .ifPresent(ProcessHandle::destroyForcibly);
                }
            }
            throw e;
        }
    }

    @Test
    void aFailingPeerIsAnError() {
        assertThatThrownBy(() -> MultiPeers.run(shell("exit 2", false), dir.resolve("patterns"), dir.resolve("t"),
                60_000)).isInstanceOf(IOException.class).isNotInstanceOf(MultiPeers.TimedOut.class)
                .hasMessageContaining("exited with 2");
    }
}
