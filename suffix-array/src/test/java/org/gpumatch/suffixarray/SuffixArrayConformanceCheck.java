package org.gpumatch.suffixarray;

import java.util.Arrays;
import java.util.Optional;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.checker.Verdict;

/**
 * Compares one builder's array for one text with {@link NaiveSuffixArray} (the oracle) and passes it through the
 * sequential {@link SuffixArrayChecker}; the kit's single judgement, shared by every builder's conformance test and by
 * the kit's self-test.
 */
public final class SuffixArrayConformanceCheck {
    private SuffixArrayConformanceCheck() {
    }

    /**
     * What {@code builder} gets wrong on this text, or empty when its array equals the oracle's and the checker says
     * OK. Exceptions thrown by the builder propagate.
     */
    public static Optional<String> mismatch(SuffixArrayBuilder builder, String caseName, byte[] text) {
        int[] got = builder.build(text);
        int[] want = NaiveSuffixArray.build(text);
        String id = builder.name() + " on " + caseName + " (n=" + text.length + ")";
        if (got == null || got.length != want.length) {
            return Optional.of(id + ": length " + (got == null ? "null" : got.length) + ", want " + want.length);
        }
        int first = Arrays.mismatch(got, want);
        if (first >= 0) {
            return Optional.of(id + ": first difference at rank " + first + ": got suffix " + got[first]
                    + ", want " + want[first]);
        }
        Verdict verdict = SuffixArrayChecker.sequential().check(text, got);
        if (!verdict.isOk()) {
            return Optional.of(id + ": equals the oracle but the checker says " + verdict.line());
        }
        return Optional.empty();
    }
}
