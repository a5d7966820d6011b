package org.gpumatch.bench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding the launcher and the external tools: the PATH first, then the bundle's {@code tools/} with its libraries. */
class E2eToolsTest {
    @TempDir
    Path tmp;

    @Test
    void toolsBesideTheLauncherGetTheirLibraryPath() throws Exception {
        Path launcher = executable(tmp.resolve("gpumatch"));
        Files.createDirectories(tmp.resolve("tools/lib"));
        executable(tmp.resolve("tools/gpumatch-e2e-no-such-tool"));

        Optional<E2eTools.Program> p = E2eTools.find("gpumatch-e2e-no-such-tool", launcher);
        assertThat(p).isPresent();
        assertThat(p.get().exe()).isEqualTo(tmp.resolve("tools/gpumatch-e2e-no-such-tool"));
        assertThat(p.get().env().get("LD_LIBRARY_PATH")).startsWith(tmp.resolve("tools/lib").toString());
        assertThat(E2eTools.find("gpumatch-e2e-missing", launcher)).isEmpty();
        assertThat(E2eTools.launcher(Optional.of(launcher))).isEqualTo(launcher.toAbsolutePath());
    }

    @Test
    void rgRegexEscapesEveryByte() {
        assertThat(E2eRows.escaped(new byte[] {0x41, (byte) 0xFF, 0x0A, 0x00})).isEqualTo("(?-u)\\x41\\xFF\\x0A\\x00");
    }

    private static Path executable(Path p) throws Exception {
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
