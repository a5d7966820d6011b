package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

/**
 * Start-up work of the command: a count or find on a small file runs on the CPU and must not load Aparapi or touch
 * OpenCL (no platform listing, no native library), and the command line builds picocli's model of the one subcommand
 * it runs. The classes are observed in a fresh JVM ({@code -verbose:class}), since this test JVM has loaded Aparapi
 * for other tests. Nothing here measures time (cli/README.md, "Start-up", has the measurements).
 */
class StartupClassesTest {
    @TempDir
    Path dir;

    @Test
    void countAndFindOnASmallFileLoadNoAparapiAndNoOpenClClass() throws Exception {
        Path text = dir.resolve("tiny.txt");
        Files.write(text, TestFiles.dna(1000, 7));
        for (String command : List.of("count", "find")) {
            Run run = runFresh(command, "-p", "GATTACA", text.toString());
            assertThat(run.exitCode).as("exit code of %s; output: %s", command, run.output).isZero();
            assertThat(run.loaded).as("classes %s loaded", command).contains("org.gpumatch.aparapi.Search",
                    "org.gpumatch.api.cpu.CpuMatcher");
            assertThat(run.loaded).as("Aparapi or OpenCL classes %s loaded", command)
                    .noneMatch(c -> c.startsWith("com.aparapi.") || c.contains("OpenCL")
                            || c.equals("org.gpumatch.gpu.runtime.DeviceCatalog"));
        }
    }

    @Test
    void theDetectionSeesAparapiWhenACommandUsesIt() throws Exception {
        // the control: a forced device algorithm on Java threads loads Aparapi, so the check above is not vacuous
        Path text = dir.resolve("tiny.txt");
        Files.write(text, TestFiles.dna(1000, 7));
        Run run = runFresh("count", "-p", "GATTACA", "-a", "drk", "--device", "java", text.toString());
        assertThat(run.exitCode).as("output: %s", run.output).isZero();
        assertThat(run.loaded).anyMatch(c -> c.startsWith("com.aparapi."));
    }

    @Test
    void aCommandLineBuildsOnlyTheSubcommandItNames() {
        Io io = new Io(System.out, System.err);
        assertThat(GpumatchCli.commandLine(io, "count").getSubcommands()).containsOnlyKeys("count");
        assertThat(GpumatchCli.commandLine(io, "sa").getSubcommands()).containsOnlyKeys("sa");
        assertThat(GpumatchCli.commandLine(io, "sa").getSubcommands().get("sa").getSubcommands())
                .containsOnlyKeys("build", "search", "check", "lcp");
        assertThat(GpumatchCli.commandLine(io, "--version").getSubcommands()).isEmpty();
        assertThat(CliRun.of("--version").ok().out()).startsWith("gpumatch ");
        // anything else (--help, a typo that gets suggestions, nothing) sees every subcommand
        for (String first : new String[] {"--help", "cuont", null}) {
            assertThat(GpumatchCli.commandLine(io, first).getSubcommands().keySet())
                    .containsExactlyElementsOf(GpumatchCli.SUBCOMMANDS.keySet());
        }
    }

    @Test
    void theSubcommandTableUsesEachCommandsOwnName() {
        for (Map.Entry<String, Class<?>> e : GpumatchCli.SUBCOMMANDS.entrySet()) {
            assertThat(e.getValue().getAnnotation(Command.class).name()).isEqualTo(e.getKey());
        }
    }

    @Test
    void helpAndMistypedCommandsStillListEverySubcommand() {
        CliRun help = CliRun.of("--help").ok();
        for (String name : GpumatchCli.SUBCOMMANDS.keySet()) {
            assertThat(help.out()).contains("  " + name + " ");
        }
        assertThat(CliRun.of("cuont", "-p", "x", "f").usageError()).contains("did you mean count");
    }

    /** The classes a fresh JVM loaded running the command (its main, on this test's class path), and its output. */
    private Run runFresh(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-verbose:class", "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                GpumatchCli.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        List<String> loaded = output.lines().filter(l -> l.startsWith("[") && l.contains("class,load"))
                .map(l -> l.substring(l.indexOf("class,load]") + "class,load]".length()).trim().split(" ")[0])
                .collect(Collectors.toList());
        return new Run(p.exitValue(), output.lines().filter(l -> !l.contains("class,load")).collect(
                Collectors.joining("\n")), loaded);
    }

    private record Run(int exitCode, String output, List<String> loaded) {
    }
}
