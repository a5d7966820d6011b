package org.gpumatch.api.reference;

import java.util.Optional;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;

/**
 * The oracle: compares the pattern at every offset. O(nm) worst case, O(n) on random text; no extra memory beyond the
 * result (4 bytes per match). Every other matcher is tested against this one.
 */
public final class NaiveMatcher implements Matcher {
    private static final Plan PLAN = new Plan(Algorithm.NAIVE, "Java (this thread)", "reference oracle");

    @Override
    public Algorithm algorithm() {
        return Algorithm.NAIVE;
    }

    @Override
    public Optional<String> unsupportedReason(long n, int m, int sigma) {
        return Optional.empty();
    }

    @Override
    public long count(Text text, Pattern pattern) {
        return search(text.bytes(), pattern.toByteArray(), null);
    }

    @Override
    public int[] find(Text text, Pattern pattern) {
        byte[] t = text.bytes();
        byte[] p = pattern.toByteArray();
        int[] out = new int[(int) search(t, p, null)];
        search(t, p, out);
        return out;
    }

    /** Counts the occurrences of {@code p} in {@code t}, storing offsets into {@code out} when it is not null. */
    static long search(byte[] t, byte[] p, int[] out) {
        int n = t.length;
        int m = p.length;
        long found = 0;
        for (int i = 0; i + m <= n; i++) {
            if (matchesAt(t, i, p)) {
                if (out != null) {
                    out[(int) found] = i;
                }
                found++;
            }
        }
        return found;
    }

    /** Whether {@code t[i..i+m) == p}; the caller guarantees {@code i + m <= t.length}. */
    public static boolean matchesAt(byte[] t, int i, byte[] p) {
        for (int j = 0; j < p.length; j++) {
            if (t[i + j] != p[j]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Plan lastPlan() {
        return PLAN;
    }
}
