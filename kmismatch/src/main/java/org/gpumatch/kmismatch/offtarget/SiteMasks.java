package org.gpumatch.kmismatch.offtarget;

import org.gpumatch.kmismatch.Iupac;

/**
 * An {@link OffTargetSpec} compiled for {@link SiteBits#mismatchBits}: for the pattern (entry 0) and each query (entry
 * i + 1), on each strand (0 forward, 1 reverse: the reverse complement, compared with the forward-strand window), and
 * each 32-position word of the site, four masks of the positions where A, C, G, T is not allowed; then each query's
 * most mismatches. Layout of {@link #words()}: {@code ((entry * 2 + strand) * words + word) * 4 + base}, the limits
 * from {@link #limitBase()}. Memory: {@code 64 * words} bytes per query and 8 per limit.
 */
final class SiteMasks {
    private final int length;
    private final int words;
    private final int queries;
    private final long[] masks;

    SiteMasks(OffTargetSpec spec) {
        length = spec.length();
        words = (length + 31) / 32;
        queries = spec.size();
        masks = new long[(queries + 1) * 2 * words * 4 + queries];
        put(0, spec.pattern());
        for (int q = 0; q < queries; q++) {
            put(q + 1, spec.queries().get(q));
            masks[limitBase() + q] = spec.maxMismatches().get(q);
        }
    }

    private void put(int entry, String codes) {
        byte[] forward = codes.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] reverse = Iupac.reverseComplement(forward);
        for (int strand = 0; strand < 2; strand++) {
            byte[] s = strand == 0 ? forward : reverse;
            for (int j = 0; j < s.length; j++) {
                int set = Iupac.baseSet(s[j]);
                if (set == 15) {
                    continue;
                }
                int base = ((entry * 2 + strand) * words + j / 32) * 4;
                long bit = 1L << (2 * (j % 32));
                for (int b = 0; b < 4; b++) {
                    if ((set & (1 << b)) == 0) {
                        masks[base + b] |= bit;
                    }
                }
            }
        }
    }

    /** The site length. */
    int length() {
        return length;
    }

    /** 32-position words per site (1 or 2). */
    int words() {
        return words;
    }

    int queries() {
        return queries;
    }

    /** The masks and limits (shared, do not write). */
    long[] masks() {
        return masks;
    }

    /** Where the limits start in {@link #masks()}. */
    int limitBase() {
        return (queries + 1) * 2 * words * 4;
    }

    /** The index of the first mask of {@code entry} (0 the pattern, q + 1 query q) on {@code strand}. */
    int at(int entry, int strand) {
        return (entry * 2 + strand) * words * 4;
    }
}
