package org.gpumatch.kmismatch.gpu;

import java.util.List;
import java.util.EnumMap;
import java.util.Map;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchArguments;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.KMismatchVariant;

/**
 * {@code auto}: asks {@link KMismatchPlanner} per call and delegates to the chosen matcher, created on first use and
 * kept until {@link #close()}. The planner is told how many patterns the caller will search with this matcher (a loop
 * of single-pattern calls pays a device's set-up once) and whether a kernel already runs (its set-up then paid). Cost and
 * memory: those of the chosen matcher, plus one alphabet pass over a new text when a kernel may run.
 */
public final class AutoKMismatchMatcher implements KMismatchMatcher {
    private final ComputeDevice device;
    private final Map<KMismatchVariant, KMismatchMatcher> matchers = new EnumMap<>(KMismatchVariant.class);
    private final int plannedPatterns;
    private KMismatchPlanner.Choice lastChoice;

    /** A planner-driven matcher for {@code device} ({@link ComputeDevice#JAVA_THREADS}: always cpu), one pattern. */
    public AutoKMismatchMatcher(ComputeDevice device) {
        this(device, 1);
    }

    /**
     * A planner-driven matcher for {@code device} that will be called for {@code plannedPatterns} patterns (and strands)
     * over the same texts.
     */
    public AutoKMismatchMatcher(ComputeDevice device, int plannedPatterns) {
        this.device = device;
        this.plannedPatterns = Math.max(1, plannedPatterns);
    }

    @Override
    public String name() {
        return KMismatchVariant.AUTO.cliName();
    }

    /** The last call's choice and reason, or "(no call yet)". */
    public String explain() {
        return lastChoice == null ? "(no call yet)" : lastChoice.explain();
    }

    /** The last call's choice and reason, then the estimates it weighed where it weighed any. */
    @Override
    public List<String> explainLines() {
        return lastChoice == null ? List.of("(no call yet)") : lastChoice.explainLines();
    }

    private KMismatchMatcher choose(Text text, Pattern pattern, int k) {
        KMismatchArguments.check(text, pattern, k);
        boolean ready = matchers.keySet().stream().anyMatch(v -> v != KMismatchVariant.CPU);
        lastChoice = KMismatchPlanner.choose(text.length(), pattern.length(), k, () -> text.alphabet().sigma(),
                plannedPatterns, device, ready);
        return matchers.computeIfAbsent(lastChoice.variant(), v -> KMismatchMatchers.create(v, device));
    }

    @Override
    public KMismatchHits find(Text text, Pattern pattern, int k) {
        return choose(text, pattern, k).find(text, pattern, k);
    }

    @Override
    public long count(Text text, Pattern pattern, int k) {
        return choose(text, pattern, k).count(text, pattern, k);
    }

    @Override
    public void close() {
        matchers.values().forEach(KMismatchMatcher::close);
        matchers.clear();
    }
}
