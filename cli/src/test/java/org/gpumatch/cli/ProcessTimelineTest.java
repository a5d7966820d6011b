package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.gpumatch.suffixarray.StageSpan;
import org.junit.jupiter.api.Test;

class ProcessTimelineTest {
    @Test
    void theLauncherStartIsReadFromBashClockOrMicroseconds() {
        assertThat(ProcessTimeline.launcherStartEpochNanos("1764041400.123456")).isEqualTo(1764041400123456000L);
        assertThat(ProcessTimeline.launcherStartEpochNanos("1764041400,5")).isEqualTo(1764041400500000000L);
        assertThat(ProcessTimeline.launcherStartEpochNanos("1764041400123456")).isEqualTo(1764041400123456000L);
        assertThat(ProcessTimeline.launcherStartEpochNanos(null)).isZero();
        assertThat(ProcessTimeline.launcherStartEpochNanos("")).isZero();
        assertThat(ProcessTimeline.launcherStartEpochNanos("soon")).isZero();
    }

    @Test
    void stagesArePrintedInTheOrderTheyBegan() {
        ProcessTimeline t = new ProcessTimeline();
        long a = System.nanoTime();
        t.add(new StageSpan("second", a + 2_000_000, a + 5_000_000, false));
        t.add(new StageSpan("first", a, a + 9_000_000, true));
        assertThat(t.spans()).extracting(StageSpan::name).containsExactly("first", "second");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        t.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), "x: ");
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines[0]).startsWith("x: timeline, ms from the ");
        assertThat(lines).anyMatch(l -> l.contains("JVM start until the command runs"));
        assertThat(lines[lines.length - 3]).contains("[bg] first").endsWith("9.0 ms");
        assertThat(lines[lines.length - 2]).contains("     second").endsWith("3.0 ms");
        assertThat(lines[lines.length - 1]).contains("command done");
    }
}
