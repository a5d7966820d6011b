package org.gpumatch.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The multi-megabyte texts the CLI tests search, written once per test class. */
final class TestFiles {
    private TestFiles() {
    }

    /**
     * DNA-like text of {@code n} bytes: uniform ACGT, with periodic stretches ("ACACAC...", "AAAA...") that make
     * overlapping occurrences and a line break every 80 bytes, like a FASTA body.
     */
    static byte[] dna(int n, long seed) {
        Random r = new Random(seed);
        byte[] t = new byte[n];
        byte[] bases = "ACGT".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < n; i++) {
            t[i] = bases[r.nextInt(4)];
        }
        for (int k = 0; k < 200; k++) { // periodic stretches
            int at = r.nextInt(n - 300);
            int len = 20 + r.nextInt(280);
            String unit = k % 2 == 0 ? "AC" : "A";
            for (int i = 0; i < len; i++) {
                t[at + i] = (byte) unit.charAt(i % unit.length());
            }
        }
        for (int i = 80; i < n; i += 81) {
            t[i] = '\n';
        }
        return t;
    }

    /**
     * Source code: the Java sources of this repository concatenated (repeated up to {@code n} bytes), or generated
     * Java-like text when the sources cannot be found.
     */
    static byte[] sources(int n) {
        byte[] sources = repositorySources();
        if (sources.length < 10_000) {
            sources = generatedJava();
        }
        byte[] t = new byte[n];
        for (int i = 0; i < n; i += sources.length) {
            System.arraycopy(sources, 0, t, i, Math.min(sources.length, n - i));
        }
        return t;
    }

    private static byte[] repositorySources() {
        Path root = Path.of("").toAbsolutePath().getParent();
        if (root == null || !Files.isRegularFile(root.resolve("pom.xml"))) {
            return new byte[0];
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root, 12)) {
            files = walk.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target/"))
                    .sorted().collect(Collectors.toList());
        } catch (IOException | UncheckedIOException e) {
            return new byte[0];
        }
        var out = new java.io.ByteArrayOutputStream();
        for (Path p : files) {
            try {
                out.write(Files.readAllBytes(p));
            } catch (IOException e) {
                // a file that vanished while we read: skip it
            }
        }
        return out.toByteArray();
    }

    private static byte[] generatedJava() {
        StringBuilder sb = new StringBuilder();
        Random r = new Random(7);
        String[] types = {"int", "long", "String", "byte[]", "List<String>"};
        for (int c = 0; c < 200; c++) {
            sb.append("package org.example.p").append(c % 7).append(";\n\npublic final class C").append(c).append(" {\n");
            for (int f = 0; f < 20; f++) {
                String type = types[r.nextInt(types.length)];
                sb.append("    private final ").append(type).append(" field").append(f).append(";\n");
                sb.append("    public ").append(type).append(" getField").append(f).append("() {\n        return field")
                        .append(f).append(";\n    }\n\n");
            }
            sb.append("}\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Patterns of length {@code m} to search: substrings of the text at random places (so they occur), plus a near miss. */
    static List<byte[]> patternsOf(byte[] text, int m, Random r, int howMany) {
        List<byte[]> out = new ArrayList<>();
        for (int k = 0; k < howMany; k++) {
            int at = r.nextInt(text.length - m);
            byte[] p = java.util.Arrays.copyOfRange(text, at, at + m);
            if (k == howMany - 1) {
                p[m - 1] = (byte) (p[m - 1] ^ 0x01); // a near miss (may still occur)
            }
            out.add(p);
        }
        return out;
    }
}
