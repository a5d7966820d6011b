package org.gpumatch.kmismatch.offtarget;

import org.gpumatch.kmismatch.Iupac;

/**
 * An {@link OffTargetSpec} compiled for {@link SiteBits#mismatchBits}: for the pattern (entry 0) and each query (entry
 * i + 1), on each strand (0 forward, 1 reverse: the reverse complement, compared with the forward-strand window), and
 * each 32-position word of the site, four masks of the positions where A, C, G, T is not allowed; then each query's
 * most mismatches. Layout of {@link #masks()}: {@code ((entry * 2 + strand) * words + word) * 4 + base}, the limits
 * from {@link #limitBase()}. When every query holds only A, C, G, T and N ({@link #plain()}), a query's four slots are
 * instead its expected 2-bit codes and the low bits of its non-N positions, for {@link SiteBits#plainMismatchBits}
 * (3 operations fewer per word than four masks... and no IUPAC sets). Memory: {@code 64 * words} bytes per query and 8
 * per limit.
 */
public final class SiteMasks {
    private final int length;
    private final int words;
    private final int queries;
    private final long[] masks;
    private final boolean plain;
    private final int strands;

    public SiteMasks(OffTargetSpec spec) {
        strands = spec.strands();
        length = spec.length();
        words = (length + 31) / 32;
        queries = spec.size();
        masks = new long[(queries + 1) * 2 * words * 4 + queries];
        boolean allPlain = true;
        for (String q : spec.queries()) {
            allPlain &= q.chars().allMatch(c -> "ACGTN".indexOf(c) >= 0);
        }
        plain = allPlain;
        put(0, spec.pattern());
        for (int q = 0; q < queries; q++) {
            if (plain) {
                putPlain(q + 1, spec.queries().get(q));
            } else {
                put(q + 1, spec.queries().get(q));
            }
            masks[limitBase() + q] = spec.maxMismatches().get(q);
        }
    }

    /** Four "base not allowed" masks per word: the low bit of each position whose base set lacks A, C, G or T. */
    private void put(int entry, String codes) {
        forEachCode(entry, codes, (slot, j, code) -> {
            int set = Iupac.baseSet(code);
            for (int b = 0; b < 4; b++) {
                if (set != 15 && (set & (1 << b)) == 0) {
                    masks[slot + b] |= 1L << (2 * (j % 32));
                }
            }
        });
    }

    /** Slots 0 and 1 of each word: the expected codes (A=0 .. T=3) and the low bits of the positions that are not N. */
    private void putPlain(int entry, String codes) {
        forEachCode(entry, codes, (slot, j, code) -> {
            int base = "ACGT".indexOf(code);
            if (base >= 0) {
                masks[slot] |= (long) base << (2 * (j % 32));
                masks[slot + 1] |= 1L << (2 * (j % 32));
            }
        });
    }

    /** What to do with code {@code code} at position {@code j} of a strand, whose word's first slot is {@code slot}. */
    private interface CodeAction {
        void apply(int slot, int j, byte code);
    }

    /** Calls {@code action} for every position of {@code codes} on the forward strand, then of its reverse complement. */
    private void forEachCode(int entry, String codes, CodeAction action) {
        byte[] forward = codes.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] reverse = Iupac.reverseComplement(forward);
        for (int strand = 0; strand < 2; strand++) {
            byte[] s = strand == 0 ? forward : reverse;
            for (int j = 0; j < s.length; j++) {
                action.apply(((entry * 2 + strand) * words + j / 32) * 4, j, s[j]);
            }
        }
    }

    /** The strands searched: 2, or 1 (the forward strand only; the reverse strand's masks are then unused). */
    public int strands() {
        return strands;
    }

    /** Whether the queries are stored as expected codes and care bits (every query only A, C, G, T, N). */
    public boolean plain() {
        return plain;
    }

    /** The site length. */
    int length() {
        return length;
    }

    /** 32-position words per site (1 or 2). */
    public int words() {
        return words;
    }

    public int queries() {
        return queries;
    }

    /** The masks and limits (shared, do not write). */
    public long[] masks() {
        return masks;
    }

    /** Where the limits start in {@link #masks()}. */
    public int limitBase() {
        return (queries + 1) * 2 * words * 4;
    }

    /** The index of the first mask of {@code entry} (0 the pattern, q + 1 query q) on {@code strand}. */
    int at(int entry, int strand) {
        return (entry * 2 + strand) * words * 4;
    }
}
