package org.gpumatch.kmismatch.offtarget.gpu;

import java.util.ArrayList;
import java.util.List;
import org.gpumatch.kmismatch.offtarget.OffTargetHit;

/**
 * The test oracle: Cas-OFFinder's semantics written directly over symbol strings, record by record, site by site,
 * strand by strand, position by position. O(n * queries * m).
 */
final class NaiveOffTargetSearch {
    private NaiveOffTargetSearch() {
    }

    /** The base set of an IUPAC code as a string of bases. */
    static String bases(char code) {
        return switch (Character.toUpperCase(code)) {
            case 'A' -> "A";
            case 'C' -> "C";
            case 'G' -> "G";
            case 'T', 'U' -> "T";
            case 'R' -> "AG";
            case 'Y' -> "CT";
            case 'S' -> "CG";
            case 'W' -> "AT";
            case 'K' -> "GT";
            case 'M' -> "AC";
            case 'B' -> "CGT";
            case 'D' -> "AGT";
            case 'H' -> "ACT";
            case 'V' -> "ACG";
            case 'N' -> "ACGT";
            default -> throw new IllegalArgumentException("not IUPAC: " + code);
        };
    }

    static char complement(char c) {
        return switch (Character.toUpperCase(c)) {
            case 'A' -> 'T';
            case 'C' -> 'G';
            case 'G' -> 'C';
            case 'T' -> 'A';
            default -> 'N'; // any other genome symbol matches only N on either strand
        };
    }

    /** Whether genome symbol s counts as a mismatch under query/pattern code c. */
    static boolean mismatch(char c, char s) {
        if (Character.toUpperCase(c) == 'N') {
            return false;
        }
        char u = Character.toUpperCase(s);
        return "ACGT".indexOf(u) < 0 || bases(c).indexOf(u) < 0;
    }

    static List<OffTargetHit> search(List<String> records, String pattern, List<String> queries, List<Integer> limits) {
        List<OffTargetHit> out = new ArrayList<>();
        int m = pattern.length();
        long start = 0;
        for (int r = 0; r < records.size(); r++) {
            String seq = records.get(r);
            for (int p = 0; p + m <= seq.length(); p++) {
                String fwd = seq.substring(p, p + m);
                StringBuilder rev = new StringBuilder();
                for (int j = m - 1; j >= 0; j--) {
                    rev.append(complement(fwd.charAt(j)));
                }
                for (int q = 0; q < queries.size(); q++) {
                    for (char strand : new char[] {'+', '-'}) {
                        String site = strand == '+' ? fwd : rev.toString();
                        boolean pam = true;
                        for (int j = 0; j < m; j++) {
                            pam &= !mismatch(pattern.charAt(j), site.charAt(j));
                        }
                        if (!pam) {
                            continue;
                        }
                        int mm = 0;
                        for (int j = 0; j < m; j++) {
                            mm += mismatch(queries.get(q).charAt(j), site.charAt(j)) ? 1 : 0;
                        }
                        if (mm <= limits.get(q)) {
                            out.add(new OffTargetHit(start + p, r, q, strand, mm));
                        }
                    }
                }
            }
            start += seq.length();
        }
        return out;
    }
}
