package org.gpumatch.kmismatch.offtarget;

import java.util.List;

/**
 * What an off-target search looks for (Cas-OFFinder's model): a pattern of IUPAC codes, typically N for each guide
 * position followed by the PAM ({@code NNNNNNNNNNNNNNNNNNNNNRG}), and queries of the same length, each with its most
 * mismatches. A site matches when it matches the whole pattern on the forward or the reverse strand; its mismatches
 * are the query positions holding a code other than N whose set lacks the site's base (a genome symbol other than
 * A/C/G/T matches only N). Codes are case-insensitive; U is T. With {@code bothStrands} false only the forward strand is
 * searched (kmismatch's one-strand search: half the PAM checks and comparisons).
 *
 * @param pattern       the pattern, upper case, 1 to {@link #MAX_LENGTH} codes
 * @param queries       the queries, upper case, each as long as the pattern
 * @param maxMismatches the most mismatches of each query (0 to its length)
 * @param bothStrands   whether sites on the reverse strand are searched too (Cas-OFFinder: always)
 */
public record OffTargetSpec(String pattern, List<String> queries, List<Integer> maxMismatches, boolean bothStrands) {
    /** The longest pattern the searches take (two 32-position words per site). */
    public static final int MAX_LENGTH = 64;
    /** The most queries one search takes. */
    public static final int MAX_QUERIES = 100_000;
    private static final String IUPAC = "ACGTURYSWKMBDHVN";

    /** Checks and normalises (upper case); {@link IllegalArgumentException} says what is wrong and with which query. */
    public OffTargetSpec {
        pattern = checkCodes(pattern, "pattern");
        if (pattern.isEmpty() || pattern.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("the pattern must have 1 to " + MAX_LENGTH + " codes, got "
                    + pattern.length());
        }
        if (queries.isEmpty() || queries.size() > MAX_QUERIES || queries.size() != maxMismatches.size()) {
            throw new IllegalArgumentException("need 1 to " + MAX_QUERIES + " queries, each with its most mismatches");
        }
        String[] q = new String[queries.size()];
        for (int i = 0; i < q.length; i++) {
            q[i] = checkCodes(queries.get(i), "query " + i);
            if (q[i].length() != pattern.length()) {
                throw new IllegalArgumentException("query " + i + " has " + q[i].length() + " codes, the pattern "
                        + pattern.length());
            }
            int k = maxMismatches.get(i);
            if (k < 0 || k > pattern.length()) {
                throw new IllegalArgumentException("query " + i + ": most mismatches must be 0 to " + pattern.length()
                        + ", got " + k);
            }
        }
        queries = List.of(q);
        maxMismatches = List.copyOf(maxMismatches);
    }

    /** A search of both strands (Cas-OFFinder's). */
    public OffTargetSpec(String pattern, List<String> queries, List<Integer> maxMismatches) {
        this(pattern, queries, maxMismatches, true);
    }

    /** The strands searched: 2, or 1 (the forward strand only). */
    public int strands() {
        return bothStrands ? 2 : 1;
    }

    /** The pattern and query length. */
    public int length() {
        return pattern.length();
    }

    /** The number of queries. */
    public int size() {
        return queries.size();
    }

    /** The position (0-based) of the first symbol of {@code s} that is not an IUPAC code, or -1. */
    public static int firstNonIupac(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (IUPAC.indexOf(Character.toUpperCase(s.charAt(i))) < 0) {
                return i;
            }
        }
        return -1;
    }

    private static String checkCodes(String s, String what) {
        int bad = firstNonIupac(s);
        if (bad >= 0) {
            throw new IllegalArgumentException(what + ": '" + s.charAt(bad) + "' at position " + (bad + 1)
                    + " is not an IUPAC nucleotide code (" + IUPAC + ")");
        }
        return s.toUpperCase(java.util.Locale.ROOT).replace('U', 'T');
    }
}
