package org.gpumatch.api.conformance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;

/**
 * Compares one matcher's {@code count} and {@code find} on one case with the oracle ({@link NaiveMatcher}) and, where
 * the case states them, with the offsets written in its table.
 *
 * <p>Checks, in order: the table agrees with the oracle (otherwise the kit itself is wrong); {@code find} returns
 * offsets in {@code [0, n-m]}, strictly ascending; {@code find} equals the oracle (first differing index, first missing
 * and first extra offset, each annotated with the boundaries it straddles); {@code count} equals the number of
 * occurrences.
 */
public final class ConformanceCheck {
    private static final Matcher ORACLE = new NaiveMatcher();

    private ConformanceCheck() {
    }

    /**
     * What {@code matcher} gets wrong on this case, or empty when it answers exactly as the oracle does. Exceptions
     * thrown by the matcher propagate.
     *
     * @param caseName   the case's name, repeated in the message
     * @param input      the case's bytes
     * @param sigma      {@code input.sigma()}, computed once by the caller
     * @param boundaries the implementation's work-group, tile and chunk sizes, used to annotate offsets
     */
    public static Optional<String> mismatch(Matcher matcher, String caseName, ConformanceCase.Input input, int sigma,
            int[] boundaries) {
        return mismatch(matcher, caseName, input, sigma, boundaries, Text.wrap(input.text()));
    }

    /**
     * As {@link #mismatch(Matcher, String, ConformanceCase.Input, int, int[])}, querying the given {@code text} object
     * (whose bytes are {@code input.text()}) with {@code count} and then {@code find}, so callers can reuse one
     * {@link Text} for many queries as a resident implementation's users do.
     */
    public static Optional<String> mismatch(Matcher matcher, String caseName, ConformanceCase.Input input, int sigma,
            int[] boundaries, Text text) {
        if (text.bytes() != input.text()) {
            throw new IllegalArgumentException("text must wrap input.text()");
        }
        int n = input.n();
        int m = input.m();
        Pattern pattern = Pattern.of(input.pattern());
        int[] want = ORACLE.find(Text.wrap(input.text()), pattern);
        String id = caseName + " [" + input.describe(sigma) + "]";
        if (input.expected() != null && !Arrays.equals(want, input.expected())) {
            return Optional.of(id + ": kit bug: the table says " + Arrays.toString(input.expected())
                    + " but the oracle finds " + Arrays.toString(want));
        }

        long count = matcher.count(text, pattern);
        int[] got = matcher.find(text, pattern);

        List<String> problems = new ArrayList<>();
        if (got == null) {
            problems.add("find returned null");
        } else {
            for (int i = 0; i < got.length; i++) {
                if (got[i] < 0 || got[i] > n - m) {
                    problems.add("find returned offset " + got[i] + " at index " + i + ", outside [0, n-m] = [0, "
                            + (n - m) + "]" + straddles(got[i], m, boundaries));
                    break;
                }
                if (i > 0 && got[i] <= got[i - 1]) {
                    problems.add("find offsets are not strictly ascending at index " + i + ": " + got[i - 1] + " then "
                            + got[i]);
                    break;
                }
            }
            if (!Arrays.equals(want, got)) {
                int i = Arrays.mismatch(want, got);
                problems.add("find differs from the oracle at index " + i + ": expected "
                        + (i < want.length ? "offset " + want[i] + straddles(want[i], m, boundaries) : "no more offsets")
                        + ", got " + (i < got.length ? "offset " + got[i] + straddles(got[i], m, boundaries)
                        : "no more offsets")
                        + "; expected " + want.length + " offsets, got " + got.length
                        + "; first missing " + firstNotIn(want, got, m, boundaries)
                        + ", first extra " + firstNotIn(got, want, m, boundaries));
            }
        }
        if (count != want.length) {
            problems.add("count = " + count + ", expected " + want.length);
        }
        return problems.isEmpty() ? Optional.empty() : Optional.of(id + ": " + String.join("; ", problems));
    }

    /** The first element of {@code a} (in order) that {@code b} lacks, annotated, or {@code none}. */
    private static String firstNotIn(int[] a, int[] b, int m, int[] boundaries) {
        int[] sorted = b.clone();
        Arrays.sort(sorted);
        for (int x : a) {
            if (Arrays.binarySearch(sorted, x) < 0) {
                return "offset " + x + straddles(x, m, boundaries);
            }
        }
        return "none";
    }

    /** {@code " (straddles 64 = 1*64)"} for each boundary multiple strictly inside {@code [off, off+m)}; else empty. */
    static String straddles(int off, int m, int[] boundaries) {
        StringBuilder sb = new StringBuilder();
        for (int b : boundaries) {
            long next = ((long) off / b + 1) * b; // the first multiple of b after off
            if (off >= 0 && next < (long) off + m) {
                sb.append(sb.length() == 0 ? " (straddles " : ", ").append(next).append(" = ").append(next / b)
                        .append('*').append(b);
            }
        }
        return sb.length() == 0 ? "" : sb.append(')').toString();
    }
}
