package org.gpumatch.kmismatch.offtarget;

import java.nio.charset.StandardCharsets;
import org.gpumatch.kmismatch.Iupac;
import org.gpumatch.sequence.PackedGenome;

/**
 * The DNA column of a hit as Cas-OFFinder writes it: the site read 5' to 3' on its strand (reverse complement for
 * {@code -}), upper case, with the bases that count as mismatches against the query in lower case. O(m log runs).
 */
public final class SiteText {
    private SiteText() {
    }

    /** The site of {@code hit} in {@code genome} for query {@code query} (upper-case IUPAC codes). */
    public static String of(PackedGenome genome, OffTargetHit hit, String query) {
        byte[] site = genome.symbols(hit.position(), query.length());
        if (hit.strand() == '-') {
            site = Iupac.reverseComplement(site);
        }
        for (int j = 0; j < site.length; j++) {
            if (countsAsMismatch((byte) query.charAt(j), site[j])) {
                site[j] = (byte) Character.toLowerCase(site[j]);
            }
        }
        return new String(site, StandardCharsets.ISO_8859_1);
    }

    /** Whether genome symbol {@code site} counts as a mismatch under query code {@code code}. */
    public static boolean countsAsMismatch(byte code, byte site) {
        int set = Iupac.baseSet(code);
        if (set == 15) {
            return false;
        }
        int base = Iupac.textBase(site);
        return base == 0 || (site == 'U' || site == 'u') || (set & base) == 0;
    }
}
