package org.gpumatch.api.conformance;

import java.util.Objects;
import java.util.function.Supplier;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Text;

/**
 * One case of the conformance kit: a stable, descriptive name (its group prefix and number, then its parameters) and a
 * deterministic recipe for its text and pattern.
 *
 * <p>The bytes are built on demand by {@link #input()} (the same bytes every time), so a list of thousands of cases,
 * some with texts of megabytes, costs almost no memory until a case runs.
 */
public final class ConformanceCase {
    private final String name;
    private final Supplier<Input> recipe;

    ConformanceCase(String name, Supplier<Input> recipe) {
        this.name = Objects.requireNonNull(name, "name");
        this.recipe = Objects.requireNonNull(recipe, "recipe");
    }

    /** The test name, e.g. {@code straddle0042 b=64 m=5 j=3}; unique within the kit. */
    public String name() {
        return name;
    }

    /** The group this case belongs to: its name up to the first digit, e.g. {@code straddle}. */
    public String group() {
        int i = 0;
        while (i < name.length() && !Character.isDigit(name.charAt(i))) {
            i++;
        }
        return name.substring(0, i);
    }

    /** Builds the case's bytes (deterministically; a fresh copy on each call). */
    public Input input() {
        return recipe.get();
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * The bytes of a case.
     *
     * @param text     the text, {@code text [0..n-1]}
     * @param pattern  the pattern, {@code pattern [0..m-1]}, m >= 1
     * @param expected the offsets a table states by hand (checked against the oracle too), or null when only the
     *                 oracle decides
     * @param detail   how to reproduce it: the seed, or {@code table}
     */
    public record Input(byte[] text, byte[] pattern, int[] expected, String detail) {
        public Input {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(pattern, "pattern");
            Objects.requireNonNull(detail, "detail");
            if (pattern.length == 0) {
                throw new IllegalArgumentException("a case needs a non-empty pattern");
            }
        }

        public int n() {
            return text.length;
        }

        public int m() {
            return pattern.length;
        }

        /** Bits per symbol of text and pattern together: one pass over the text, so call it once per case. */
        public int sigma() {
            return Text.wrap(text).alphabet().union(Alphabet.of(pattern)).sigma();
        }

        /** {@code n=.., m=.., sigma=.., detail}: what an assertion message needs to identify the case. */
        public String describe(int sigma) {
            return "n=" + n() + ", m=" + m() + ", sigma=" + sigma + ", " + detail;
        }
    }
}
