package org.gpumatch.kmismatch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.KMismatchMatcher;

/**
 * Up to {@link #MAX_PATTERNS} patterns of one length searched with one matcher, optionally also their reverse
 * complements ({@link Iupac#reverseComplement}); hits ordered by offset, then pattern index, then strand ({@code +}
 * first). Cost: one matcher call per pattern and strand (the text stays resident on a device between them); memory:
 * 16 bytes per hit. (A single-pass many-pattern kernel is not written yet.)
 */
public final class MultiPatternKMismatch {
    /** The most patterns one search takes. */
    public static final int MAX_PATTERNS = 10_000;

    /** One hit: the window offset, the pattern index, {@code '+'} or {@code '-'}, the mismatches. */
    public record Hit(long offset, int index, char strand, int mismatches) {
    }

    private final Pattern[] forward;
    private final Pattern[] reverse;

    /**
     * A search for {@code patterns} (1 to 10,000, all of one length); with {@code bothStrands} also their reverse
     * complements.
     */
    public MultiPatternKMismatch(List<Pattern> patterns, boolean bothStrands) {
        if (patterns.isEmpty() || patterns.size() > MAX_PATTERNS) {
            throw new IllegalArgumentException("need 1 to " + MAX_PATTERNS + " patterns, got " + patterns.size());
        }
        int m = patterns.get(0).length();
        forward = new Pattern[patterns.size()];
        reverse = bothStrands ? new Pattern[patterns.size()] : null;
        for (int i = 0; i < forward.length; i++) {
            Pattern p = patterns.get(i);
            if (p.length() != m) {
                throw new IllegalArgumentException("all patterns must have one length: pattern " + i + " has "
                        + p.length() + " symbols, pattern 0 has " + m);
            }
            forward[i] = p;
            if (bothStrands) {
                reverse[i] = Pattern.of(Iupac.reverseComplement(p.toByteArray()));
            }
        }
    }

    /** The pattern length. */
    public int patternLength() {
        return forward[0].length();
    }

    /** Every hit in {@code text}, offsets shifted by {@code start}, ordered as the class says. */
    public List<Hit> find(KMismatchMatcher matcher, Text text, long start, int k) {
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < forward.length; i++) {
            add(hits, matcher.find(text, forward[i], k), start, i, '+');
            if (reverse != null) {
                add(hits, matcher.find(text, reverse[i], k), start, i, '-');
            }
        }
        Hit[] sorted = hits.toArray(new Hit[0]);
        Arrays.sort(sorted, (a, b) -> a.offset != b.offset ? Long.compare(a.offset, b.offset)
                : a.index != b.index ? Integer.compare(a.index, b.index) : Character.compare(a.strand, b.strand));
        return Arrays.asList(sorted);
    }

    private static void add(List<Hit> out, KMismatchHits h, long start, int index, char strand) {
        for (int i = 0; i < h.size(); i++) {
            out.add(new Hit(start + h.offset(i), index, strand, h.mismatches(i)));
        }
    }
}
