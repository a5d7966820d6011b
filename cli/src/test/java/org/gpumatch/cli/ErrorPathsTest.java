package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.gpumatch.gpu.runtime.KernelCompilationException;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every user error: exit 2, nothing on stdout, exactly one stderr line starting with {@code gpumatch: }, no exception
 * name or stack frame ({@link CliRun#usageError()}), and a message that says what is wrong.
 */
class ErrorPathsTest {
    @TempDir
    Path dir;
    private String file;

    @BeforeEach
    void writeFile() throws IOException {
        file = Files.writeString(dir.resolve("t.txt"), "ACGTACGTTTGATTACAGATTACA\n").toString();
    }

    @Test
    void emptyPattern() {
        assertThat(CliRun.of("count", "-p", "", file).usageError()).isEqualTo("gpumatch: the pattern is empty");
        assertThat(CliRun.of("find", "--hex", "-p", "", file).usageError()).isEqualTo("gpumatch: the pattern is empty");
        assertThat(CliRun.of("find", "--hex", "-p", "  ", file).usageError()).isEqualTo("gpumatch: the pattern is empty");
    }

    @Test
    void badHex() {
        assertThat(CliRun.of("count", "--hex", "-p", "zz", file).usageError()).contains("--hex").contains("zz");
        assertThat(CliRun.of("count", "--hex", "-p", "abc", file).usageError()).contains("--hex").contains("abc");
    }

    @Test
    void missingFile() {
        String missing = dir.resolve("nope.txt").toString();
        assertThat(CliRun.of("count", "-p", "A", missing).usageError())
                .isEqualTo("gpumatch: cannot read " + missing + ": no such file");
        assertThat(CliRun.of("find", "-p", "A", "--device", "opencl", missing).usageError()).contains("no such file");
    }

    @Test
    void directory() {
        assertThat(CliRun.of("count", "-p", "A", dir.toString()).usageError()).contains("is a directory");
    }

    @Test
    void unreadableFile() throws IOException {
        Path locked = Files.writeString(dir.resolve("locked.txt"), "ACGT");
        try {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        } catch (UnsupportedOperationException e) {
            Assumptions.abort("no POSIX permissions on this file system");
        }
        Assumptions.assumeFalse(Files.isReadable(locked), "running as root: every file is readable");
        assertThat(CliRun.of("count", "-p", "A", locked.toString()).usageError()).contains("permission denied");
    }

    @Test
    void unknownDevice() {
        String line = CliRun.of("count", "-p", "A", "--device", "no-such-device-xyz", file).usageError();
        assertThat(line).contains("no-such-device-xyz").contains("available:").contains("java");
    }

    @Test
    void unknownDeviceFromSystemProperty() {
        String before = System.getProperty(DevicePolicy.PROPERTY);
        System.setProperty(DevicePolicy.PROPERTY, "no-such-device-xyz");
        try {
            assertThat(CliRun.of("count", "-p", "A", file).usageError()).contains("no-such-device-xyz")
                    .contains("available:");
        } finally {
            if (before == null) {
                System.clearProperty(DevicePolicy.PROPERTY);
            } else {
                System.setProperty(DevicePolicy.PROPERTY, before);
            }
        }
    }

    @Test
    void unknownAlgorithm() {
        String line = CliRun.of("count", "-p", "A", "-a", "boyer-moore", file).usageError();
        assertThat(line).contains("unknown exact-matching algorithm \"boyer-moore\"").contains("naive").contains("srk")
                .contains("drk-wom-64").contains("auto");
    }

    @Test
    void algorithmOfAnotherFamily() {
        assertThat(CliRun.of("find", "-p", "A", "-a", "bit-parallel", file).usageError())
                .contains("bit-parallel is a k-mismatch algorithm (gpumatch kmismatch -a bit-parallel)")
                .contains("drk-wom-64");
        assertThat(CliRun.of("count", "-p", "A", "-a", "multi-fused", file).usageError())
                .contains("multi-fused is a multi-pattern algorithm").contains("--patterns-file");
        assertThat(CliRun.of("count", "-p", "A", "-a", "gpu", file).usageError())
                .contains("gpu is a suffix-array algorithm (gpumatch sa build -a gpu)").contains("drk-2s");
    }

    @Test
    void algorithmThatCannotTakeTheInputNamesTheOnesThatCan() {
        // the file and the pattern have 5 symbols: 3 bits each, so DRK-WOM-64 holds 2 * 10 of them
        String line = CliRun.of("count", "-p", "GATTACAGATTACAGATTACAG", "-a", "drk-wom-64", file).usageError();
        assertThat(line).contains("drk-wom-64").contains("m <= 20").contains("algorithms that can: naive, srk")
                .contains("drk-2s");
    }

    @Test
    void missingPatternOption() {
        assertThat(CliRun.of("count", file).usageError()).contains("--pattern").contains("gpumatch count --help");
    }

    @Test
    void missingFileParameter() {
        assertThat(CliRun.of("find", "-p", "A").usageError()).contains("FILE");
    }

    @Test
    void unknownOption() {
        assertThat(CliRun.of("count", "-p", "A", "--devcie", "opencl", file).usageError())
                .contains("--devcie").contains("did you mean --device");
    }

    @Test
    void tooManyParameters() {
        // count and find take several FILEs (each line prefixed by its file); kmismatch one
        assertThat(CliRun.of("kmismatch", "-k", "0", "-p", "A", file, file).usageError())
                .contains("gpumatch kmismatch --help");
        assertThat(CliRun.of("count", "-p", "A", "--device", "java", file, file).ok().outLines())
                .containsExactly(file + "\t8", file + "\t8");
    }

    @Test
    void missingOrUnknownCommand() {
        assertThat(CliRun.of().usageError()).contains("missing command");
        assertThat(CliRun.of("frobnicate").usageError()).contains("frobnicate");
        assertThat(CliRun.of("sa").usageError()).contains("missing command: sa build, sa search, sa check or sa lcp");
    }

    @Test
    void badDemoSize() {
        assertThat(CliRun.of("demo", "--size", "lots").usageError()).contains("--size");
        assertThat(CliRun.of("demo", "--size", "3").usageError()).contains("out of range");
    }

    @Test
    void helpAndVersionExitZero() {
        CliRun help = CliRun.of("--help").ok();
        assertThat(help.out()).contains("devices").contains("count").contains("find").contains("demo").contains("sa");
        assertThat(CliRun.of("count", "--help").ok().out()).contains("--pattern").contains("drk-wom-64");
        assertThat(CliRun.of("find", "-h").ok().out()).contains("--hex");
        assertThat(CliRun.of("sa", "--help").ok().out()).contains("check");
        CliRun version = CliRun.of("--version").ok();
        assertThat(version.out()).startsWith("gpumatch " + VersionProvider.version()).doesNotContain("${");
        assertThat(VersionProvider.version()).isNotEqualTo("unknown");
    }

    @Test
    void messagesAreOneLineEvenWhenTheCauseIsNot() {
        assertThat(Diagnostics.oneLine("a\nb\r\n  c\td")).isEqualTo("a b c d");
    }

    @Test
    void kernelCompilationFailureIsOneLineNamingAFileWithTheOpenClSource() throws IOException {
        var failure = new KernelCompilationException("kernel K failed to compile on OpenCL CPU X: error: bad\nline 2",
                "__kernel void run() { syntax error }", new IllegalStateException("cause"));
        var err = new java.io.ByteArrayOutputStream();
        int code = Diagnostics.report(failure, new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(code).isEqualTo(2);
        assertThat(text).startsWith("gpumatch: internal error: kernel K failed to compile").endsWith("\n");
        assertThat(text.strip()).doesNotContain("\n");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("written to (\\S+)\\)").matcher(text);
        assertThat(m.find()).as(text).isTrue();
        Path details = Path.of(m.group(1));
        try {
            assertThat(Files.readString(details)).contains("__kernel void run() { syntax error }").contains("line 2");
        } finally {
            Files.deleteIfExists(details);
        }
    }
}
