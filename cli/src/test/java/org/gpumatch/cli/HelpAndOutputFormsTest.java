package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --help} lists every command, completion and man pages come from the model, {@code --json} lines. */
class HelpAndOutputFormsTest {
    @TempDir
    Path dir;

    @Test
    void helpListsEveryCommandAndFamily() {
        String help = CliRun.of("--help").ok().out();
        for (String name : GpumatchCli.SUBCOMMANDS.keySet()) {
            assertThat(help).contains("  " + name + " ");
        }
        assertThat(help).contains("multi-pattern").contains("k mismatches").contains("suffix arrays")
                .doesNotContain("suffix array checking.");
        assertThat(CliRun.of().usageError()).contains("kmismatch").contains("completion");
    }

    @Test
    void completionAndManPagesComeFromTheModel() throws IOException {
        String bash = CliRun.of("completion").ok().out();
        assertThat(bash).contains("complete -F").contains("kmismatch").contains("--patterns-file")
                .contains("--literal-lines");
        String man = CliRun.of("manpage").ok().out();
        assertThat(man).contains("= gpumatch(1)").contains("kmismatch");
        CliRun.of("manpage", "-d", dir.toString()).ok();
        assertThat(dir.resolve("gpumatch-count.adoc")).exists();
        assertThat(Files.readString(dir.resolve("gpumatch-count.adoc"))).contains("--ignore-case");
    }

    @Test
    void jsonLinesHaveRipgrepsShape() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "xabxab");
        Path fa = Files.writeString(dir.resolve("g.fa"), ">r1 t\nAB\n>r2\nCAB\n");
        List<String> lines = CliRun.of("find", "--json", "-i", "-p", "ab", "--device", "java", a.toString(),
                fa.toString()).ok().outLines();
        assertThat(lines).containsExactly(
                "{\"type\":\"begin\",\"data\":{\"path\":{\"text\":" + JsonLines.string(a.toString()) + "}}}",
                match(a, null, 1), match(a, null, 4),
                "{\"type\":\"end\",\"data\":{\"path\":{\"text\":" + JsonLines.string(a.toString())
                        + "},\"binary_offset\":null,\"stats\":{\"matches\":2,\"matched_lines\":null}}}",
                "{\"type\":\"begin\",\"data\":{\"path\":{\"text\":" + JsonLines.string(fa.toString()) + "}}}",
                match(fa, "r1", 0), match(fa, "r2", 1),
                "{\"type\":\"end\",\"data\":{\"path\":{\"text\":" + JsonLines.string(fa.toString())
                        + "},\"binary_offset\":null,\"stats\":{\"matches\":2,\"matched_lines\":null}}}",
                lines.get(lines.size() - 1));
        assertThat(lines.get(lines.size() - 1)).startsWith("{\"type\":\"summary\"")
                .endsWith("\"stats\":{\"searches\":2,\"matches\":4}}}");
        assertThat(JsonLines.data(new byte[] {(byte) 0xff})).isEqualTo("{\"bytes\":\"/w==\"}");
        assertThat(JsonLines.string("a\"\\\t\u0001")).isEqualTo("\"a\\\"\\\\\\t\\u0001\"");
    }

    private static String match(Path file, String record, long offset) {
        return "{\"type\":\"match\",\"data\":{\"path\":{\"text\":" + JsonLines.string(file.toString()) + "}"
                + (record == null ? "" : ",\"record\":\"" + record + "\"") + ",\"absolute_offset\":" + offset
                + ",\"submatches\":[{\"match\":{\"text\":\"ab\"},\"start\":0,\"end\":2}]}}";
    }

    @Test
    void nonUtf8PatternsAreBase64InJson() throws IOException {
        Path f = Files.write(dir.resolve("b.bin"), new byte[] {1, (byte) 0xff, 2});
        assertThat(CliRun.of("find", "--json", "--hex", "-p", "ff", "--device", "java", f.toString()).ok().out()
                .getBytes(StandardCharsets.UTF_8).length).isPositive();
        assertThat(CliRun.of("find", "--json", "--hex", "-p", "ff", "--device", "java", f.toString()).ok().out())
                .contains("\"absolute_offset\":1,\"submatches\":[{\"match\":{\"bytes\":\"/w==\"}");
    }
}
