package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What the {@code gpumatch} command's shaded jar ({@code cli/target/gpumatch.jar}) carries: the command and the
 * libraries it runs, never the bench or what only the bench needs (JMH and its argument parser jopt-simple,
 * commons-math3, XChart). The bench is its own jar ({@code bench/target/gpumatch-bench.jar}), which the launcher runs
 * for {@code gpumatch bench}. Runs in the {@code package} phase, after the shade plugin made the jar (the
 * {@code launcher} execution in cli/pom.xml). The shade plugin writes one {@code META-INF/maven/GROUP/ARTIFACT/} folder
 * for every artifact it shades, so those folders are the jar's runtime dependency tree as it ships.
 */
class CliJarContentsIT {
    private static final Path JAR = Path.of(System.getProperty("gpumatch.root", ".."))
            .resolve("cli/target/gpumatch.jar").toAbsolutePath().normalize();

    /** Artifacts that belong to the bench alone (groupId/artifactId). */
    private static final List<String> BENCH_ONLY_ARTIFACTS = List.of("org.gpumatch/bench", "org.openjdk.jmh/jmh-core",
            "net.sf.jopt-simple/jopt-simple", "org.apache.commons/commons-math3", "org.knowm.xchart/xchart");

    /** Their packages, in case an artifact came in without its Maven metadata. */
    private static final List<String> BENCH_ONLY_PACKAGES = List.of("org/gpumatch/bench/", "org/openjdk/jmh/",
            "joptsimple/", "org/apache/commons/math3/", "org/knowm/xchart/", "META-INF/BenchmarkList");

    @Test
    void theCommandsJarCarriesNoBenchNorItsLibraries() throws IOException {
        assertThat(JAR).as("the shaded jar (package phase)").isRegularFile();
        List<String> entries;
        try (JarFile jar = new JarFile(JAR.toFile())) {
            entries = jar.stream().map(e -> e.getName()).collect(Collectors.toList());
            assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
                    .isEqualTo(GpumatchCli.class.getName());
        }
        List<String> shaded = entries.stream().filter(n -> n.startsWith("META-INF/maven/") && n.endsWith("/pom.properties"))
                .map(n -> n.substring("META-INF/maven/".length(), n.length() - "/pom.properties".length()))
                .sorted().collect(Collectors.toList());
        // what it must carry (so that an empty or wrong jar cannot pass)
        assertThat(shaded).contains("org.gpumatch/cli", "org.gpumatch/matcher-aparapi", "com.aparapi/aparapi");
        assertThat(entries).contains("org/gpumatch/cli/GpumatchCli.class");
        // what it must not
        assertThat(shaded).as("artifacts shaded into %s", JAR).doesNotContainAnyElementsOf(BENCH_ONLY_ARTIFACTS);
        assertThat(entries.stream().filter(n -> BENCH_ONLY_PACKAGES.stream().anyMatch(n::startsWith)).limit(5))
                .as("bench entries in %s", JAR).isEmpty();
    }
}
