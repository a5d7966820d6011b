package org.gpumatch.api.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedRunsTest {
    @Test
    void aChoiceWithinTheFactorPassesAndOneBeyondOrUnrecordedIsAMiss() {
        Map<String, Double> times = Map.of("cpu", 100.0, "gpu", 119.0, "slow", 121.0);
        assertThat(RecordedRuns.misses(List.of(new RecordedRuns.Input("a", "gpu", times),
                new RecordedRuns.Input("b", "cpu", times)))).isEmpty();
        assertThat(RecordedRuns.misses(List.of(new RecordedRuns.Input("c", "slow", times),
                new RecordedRuns.Input("d", "none", times))))
                .satisfiesExactly(l -> assertThat(l).startsWith("c: auto takes slow (121.000 ms), fastest recorded 100.000"),
                        l -> assertThat(l).startsWith("d: auto takes none (not recorded ms)"));
    }

    @Test
    void readsQuotedFieldsAndSkipsRepeatedHeaders(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("r.csv");
        Files.writeString(f, "device,algorithm,note\nH200,cpu,\"a, b \"\"c\"\"\"\n\ndevice,algorithm,note\nH200,gpu\n");
        assertThat(RecordedRuns.read(f)).containsExactly(Map.of("device", "H200", "algorithm", "cpu", "note",
                "a, b \"c\""), Map.of("device", "H200", "algorithm", "gpu", "note", ""));
    }
}
