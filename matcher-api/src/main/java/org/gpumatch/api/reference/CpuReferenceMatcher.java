package org.gpumatch.api.reference;

import java.util.Optional;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;

/**
 * The shape shared by the CPU oracles: one search routine that counts, and stores offsets when given an array;
 * {@code find} runs it twice (count, then fill an exactly sized array), so no growable buffer is needed.
 */
abstract class CpuReferenceMatcher implements Matcher {
    private final Plan plan;

    CpuReferenceMatcher(Algorithm algorithm) {
        this.plan = new Plan(algorithm, "Java (this thread)", "reference oracle");
    }

    /** Counts the occurrences of {@code p} in {@code t}, storing their offsets into {@code out} when it is not null. */
    abstract long search(byte[] t, byte[] p, int[] out);

    @Override
    public final Algorithm algorithm() {
        return plan.algorithm();
    }

    @Override
    public final Optional<String> unsupportedReason(long n, int m, int sigma) {
        return Optional.empty();
    }

    @Override
    public final long count(Text text, Pattern pattern) {
        return search(text.bytes(), pattern.toByteArray(), null);
    }

    @Override
    public final int[] find(Text text, Pattern pattern) {
        byte[] t = text.bytes();
        byte[] p = pattern.toByteArray();
        int[] out = new int[(int) search(t, p, null)];
        search(t, p, out);
        return out;
    }

    @Override
    public final Plan lastPlan() {
        return plan;
    }
}
