package org.gpumatch.kmismatch.offtarget;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gpumatch.sequence.SequenceFormatException;

/**
 * Cas-OFFinder's input file: line 1 the genome (a FASTA file or a directory of them; relative to the working directory,
 * as Cas-OFFinder takes it), line 2 the pattern with its PAM ({@code NNNNNNNNNNNNNNNNNNNNNRG}; Cas-OFFinder 3's bulge
 * sizes after it must be 0 or absent), then one {@code QUERY MAXMISMATCHES} line per query, of the pattern's length.
 * Blank lines are skipped, CRLF is accepted. Errors are {@link SequenceFormatException}s naming the file and line.
 *
 * @param genome      the genome path of line 1
 * @param spec        the pattern, the queries and their most mismatches
 * @param queryTexts  the queries as written (Cas-OFFinder's crRNA column)
 */
public record CasOffinderInput(Path genome, OffTargetSpec spec, List<String> queryTexts) {
    /** Reads and checks {@code file}. */
    public static CasOffinderInput read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new SequenceFormatException(file, 0, "no such input file");
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        String genome = null;
        String pattern = null;
        int patternLine = 0;
        List<String> queries = new ArrayList<>();
        List<Integer> limits = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            int no = i + 1;
            if (line.isEmpty()) {
                continue;
            }
            if (genome == null) {
                genome = line;
                continue;
            }
            String[] f = line.split("\\s+");
            if (pattern == null) {
                pattern = f[0];
                patternLine = no;
                checkCodes(file, no, "pattern", pattern);
                for (int j = 1; j < f.length; j++) {
                    if (!f[j].equals("0")) {
                        throw new SequenceFormatException(file, no, "DNA/RNA bulges (" + f[j]
                                + ") are not supported: give 0 or leave them out");
                    }
                }
                continue;
            }
            if (f.length < 2) {
                throw new SequenceFormatException(file, no, "expected 'QUERY MAXMISMATCHES', got '" + line + "'");
            }
            checkCodes(file, no, "query", f[0]);
            if (f[0].length() != pattern.length()) {
                throw new SequenceFormatException(file, no, "query " + f[0] + " has " + f[0].length()
                        + " bases, the pattern on line " + patternLine + " has " + pattern.length());
            }
            int k;
            try {
                k = Integer.parseInt(f[1]);
            } catch (NumberFormatException e) {
                throw new SequenceFormatException(file, no, "mismatches must be a number, got '" + f[1] + "'");
            }
            if (k < 0 || k > pattern.length()) {
                throw new SequenceFormatException(file, no, "mismatches must be 0 to " + pattern.length() + ", got " + k);
            }
            queries.add(f[0]);
            limits.add(k);
        }
        if (genome == null || pattern == null) {
            throw new SequenceFormatException(file, lines.size(), "expected the genome path on line 1 and the pattern "
                    + "on line 2");
        }
        if (queries.isEmpty()) {
            throw new SequenceFormatException(file, lines.size(), "no 'QUERY MAXMISMATCHES' line after the pattern");
        }
        if (pattern.length() > OffTargetSpec.MAX_LENGTH) {
            throw new SequenceFormatException(file, patternLine, "the pattern has " + pattern.length()
                    + " codes; at most " + OffTargetSpec.MAX_LENGTH + " are supported");
        }
        return new CasOffinderInput(Path.of(genome), new OffTargetSpec(pattern, queries, limits), List.copyOf(queries));
    }

    private static void checkCodes(Path file, int line, String what, String codes) throws SequenceFormatException {
        int bad = OffTargetSpec.firstNonIupac(codes);
        if (bad >= 0) {
            throw new SequenceFormatException(file, line, what + " " + codes + ": '" + codes.charAt(bad)
                    + "' at position " + (bad + 1) + " is not an IUPAC nucleotide code (ACGTURYSWKMBDHVN)");
        }
    }
}
