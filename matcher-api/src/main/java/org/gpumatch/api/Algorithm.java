package org.gpumatch.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The exact-matching algorithms (and {@code multi-rk}, the paper's multi-pattern method) by the lowercase name the
 * command line accepts ({@code -a drk-wom-64}). The other families name their algorithms where they choose them:
 * k-mismatch in {@code KMismatchVariant} ({@code gpumatch kmismatch -a bit-parallel}), multi-pattern in
 * {@code MultiPatternPlanner.NAMES}, suffix arrays in {@code SuffixArrayBuilders.Algorithm}; the cli's {@code -a}
 * of count and find names the family of a name it does not take.
 *
 * <p>{@code auto} is not an algorithm: it asks the planner to choose one, and the {@link Plan} says which and why.
 */
public enum Algorithm {
    /** Naive O(nm) comparison at every offset; the oracle every other matcher is tested against. */
    NAIVE("naive", Family.EXACT, "reference"),
    /** Sequential Rabin-Karp (SPAA 2016, "SRK"): rolling fingerprint modulo a prime, every hit verified. */
    SRK("srk", Family.EXACT, "SPAA 2016 section 3"),
    /** The fast CPU matcher: all cores, vectorized String.indexOf with a rare-byte prefilter (gpumatch). */
    CPU("cpu", Family.EXACT, "gpumatch CPU matcher"),
    /** Cooperative Rabin-Karp: 2x2 matrix fingerprints over Z_p by two device-wide scans (SPAA 2016 3.3, 6.1). */
    CRK("crk", Family.EXACT, "SPAA 2016 sections 3.3, 6.1"),
    /** Divide-and-conquer Rabin-Karp modulo a random prime, subtexts staged in local memory (SPAA 2016 section 6). */
    DRK("drk", Family.EXACT, "SPAA 2016 section 6"),
    /** Divide-and-conquer Rabin-Karp without modulo, exact packed fingerprints of {@code m*sigma <= 32} bits (SPAA 2016 section 6.2). */
    DRK_WOM_32("drk-wom-32", Family.EXACT, "SPAA 2016 section 6.2"),
    /** Divide-and-conquer Rabin-Karp without modulo, exact packed fingerprints of {@code m*sigma <= 64} bits (SPAA 2016 section 6.2). */
    DRK_WOM_64("drk-wom-64", Family.EXACT, "SPAA 2016 section 6.2"),
    /** Hybrid Rabin-Karp: each work-group runs the cooperative method on its own subtext (SPAA 2016 section 6.3). */
    HRK("hrk", Family.EXACT, "SPAA 2016 section 6.3"),
    /** Two-stage DRK: skim for a subpattern with DRK-WOM, verify candidates in chunk fingerprints (SPAA 2016 section 7.2). */
    DRK_2S("drk-2s", Family.EXACT, "SPAA 2016 section 7.2"),
    /** Multi-pattern Rabin-Karp: k patterns of one length, prefix sums of powers, hash table of pattern hashes (Nunes et al.). */
    MULTI_RK("multi-rk", Family.MULTI_PATTERN, "Nunes, Bordim, Ito, Nakano");

    /** Whether this is a CPU reference that runs in the calling thread whatever device is chosen (the oracles). */
    public boolean isCpuReference() {
        return this == NAIVE || this == SRK;
    }

    /** Whether this runs on the host CPU whatever device is chosen: the oracles and the {@code cpu} matcher. */
    public boolean runsOnHost() {
        return isCpuReference() || this == CPU;
    }

    /** What kind of question an algorithm answers. */
    public enum Family { EXACT, MULTI_PATTERN }

    /** The command line word for "let the planner choose". */
    public static final String AUTO = "auto";

    private final String cliName;
    private final Family family;
    private final String source;

    Algorithm(String cliName, Family family, String source) {
        this.cliName = cliName;
        this.family = family;
        this.source = source;
    }

    /** The lowercase name used by {@code -a} and in reports, e.g. {@code drk-wom-64}. */
    public String cliName() {
        return cliName;
    }

    public Family family() {
        return family;
    }

    /** Where the algorithm is described (seed document and section). */
    public String source() {
        return source;
    }

    /** Looks an algorithm up by its command line name, ignoring case; empty when no algorithm has that name. */
    public static Optional<Algorithm> fromCliName(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String wanted = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(a -> a.cliName.equals(wanted)).findFirst();
    }

    /** The command line names of the algorithms of one family, comma separated, for error messages. */
    public static String cliNames(Family family) {
        return Arrays.stream(values()).filter(a -> a.family == family).map(Algorithm::cliName)
                .collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
