package org.gpumatch.api;

import java.util.Optional;

/**
 * The exact-matching algorithms by the lowercase name the command line accepts ({@code count -a drk-wom-64}),
 * registered as the family {@link #FAMILY}. Every family registers its algorithms the same way, an
 * {@link AlgorithmFamily} of {@link NamedAlgorithm}s: multi-pattern in {@code MultiPatternAlgorithm}, k-mismatch in
 * {@code KMismatchVariant}, suffix-array builders in {@code SuffixArrayBuilders.Algorithm}; the cli's {@code -a} of
 * count and find names the family of a name it does not take.
 *
 * <p>{@code auto} is not an algorithm: it asks the planner to choose one, and the {@link Plan} says which and why.
 */
public enum Algorithm implements NamedAlgorithm {
    /** Naive O(nm) comparison at every offset; the oracle every other matcher is tested against. */
    NAIVE("naive", "reference"),
    /** Sequential Rabin-Karp (SPAA 2016, "SRK"): rolling fingerprint modulo a prime, every hit verified. */
    SRK("srk", "SPAA 2016 section 3"),
    /** The fast CPU matcher: all cores, vectorized String.indexOf with a rare-byte prefilter (gpumatch). */
    CPU("cpu", "gpumatch CPU matcher"),
    /** Cooperative Rabin-Karp: 2x2 matrix fingerprints over Z_p by two device-wide scans (SPAA 2016 3.3, 6.1). */
    CRK("crk", "SPAA 2016 sections 3.3, 6.1"),
    /** Divide-and-conquer Rabin-Karp modulo a random prime, subtexts staged in local memory (SPAA 2016 section 6). */
    DRK("drk", "SPAA 2016 section 6"),
    /** Divide-and-conquer Rabin-Karp without modulo, exact packed fingerprints of {@code m*sigma <= 32} bits (SPAA 2016 section 6.2). */
    DRK_WOM_32("drk-wom-32", "SPAA 2016 section 6.2"),
    /** Divide-and-conquer Rabin-Karp without modulo, exact packed fingerprints of {@code m*sigma <= 64} bits (SPAA 2016 section 6.2). */
    DRK_WOM_64("drk-wom-64", "SPAA 2016 section 6.2"),
    /** Hybrid Rabin-Karp: each work-group runs the cooperative method on its own subtext (SPAA 2016 section 6.3). */
    HRK("hrk", "SPAA 2016 section 6.3"),
    /** Two-stage DRK: skim for a subpattern with DRK-WOM, verify candidates in chunk fingerprints (SPAA 2016 section 7.2). */
    DRK_2S("drk-2s", "SPAA 2016 section 7.2");

    /** The command line word for "let the planner choose" ({@link AlgorithmFamily#AUTO}). */
    public static final String AUTO = AlgorithmFamily.AUTO;

    /** The exact-matching family: what {@code count} and {@code find} take with {@code -a}. */
    public static final AlgorithmFamily<Algorithm> FAMILY = AlgorithmFamily.of("exact-matching",
            "count and find -a", values());

    private final String cliName;
    private final String source;

    Algorithm(String cliName, String source) {
        this.cliName = cliName;
        this.source = source;
    }

    /** Whether this is a CPU reference that runs in the calling thread whatever device is chosen (the oracles). */
    public boolean isCpuReference() {
        return this == NAIVE || this == SRK;
    }

    /** Whether this runs on the host CPU whatever device is chosen: the oracles and the {@code cpu} matcher. */
    public boolean runsOnHost() {
        return isCpuReference() || this == CPU;
    }

    /** The lowercase name used by {@code -a} and in reports, e.g. {@code drk-wom-64}. */
    @Override
    public String cliName() {
        return cliName;
    }

    @Override
    public String summary() {
        return cliName + " (" + (runsOnHost() ? "CPU" : "device") + "; " + source + ")";
    }

    /** Where the algorithm is described (seed document and section). */
    public String source() {
        return source;
    }

    /**
     * Looks an algorithm up by its command line name, ignoring case and surrounding blanks; empty for {@code auto} or
     * a name no exact-matching algorithm has.
     */
    public static Optional<Algorithm> fromCliName(String name) {
        return FAMILY.lookup(name);
    }

    @Override
    public String toString() {
        return cliName;
    }
}
