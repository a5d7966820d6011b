package org.gpumatch.checker;

import java.util.Objects;

/**
 * The checker's answer: OK, or the first violated {@link Condition} (smallest index; at one index, conditions in their
 * declaration order; an {@link Condition#ENTRY_COUNT} violation comes before all) with the values involved and a
 * one-line message. Sequential and parallel checks of the same input give equal verdicts.
 *
 * <p>Meaning of the values, per condition ({@code -1} where a value does not apply):
 * <table>
 *   <caption>values per condition</caption>
 *   <tr><th>condition</th><th>index</th><th>entry</th><th>relatedIndex</th><th>expected</th><th>actual</th></tr>
 *   <tr><td>ENTRY_COUNT</td><td>min(entries, n)</td><td>-1</td><td>-1</td><td>n</td><td>entries</td></tr>
 *   <tr><td>RANGE</td><td>i</td><td>SA[i]</td><td>-1</td><td>n (exclusive bound)</td><td>SA[i]</td></tr>
 *   <tr><td>FIRST_CHARACTER</td><td>i</td><td>SA[i]</td><td>-1</td><td>bucket character of i</td><td>T[SA[i]]</td></tr>
 *   <tr><td>LAST_SUFFIX</td><td>i (first index of bucket T[n-1])</td><td>SA[i]</td><td>-1</td><td>n-1</td><td>SA[i]</td></tr>
 *   <tr><td>ORDER</td><td>i</td><td>SA[i]</td><td>k, next free index of bucket T[SA[i]-1] (-1 if full)</td>
 *       <td>SA[i]-1</td><td>SA[k] (-1 if full)</td></tr>
 * </table>
 * The message is built when asked for, so a failing check costs no string formatting.
 */
public final class Verdict {
    /** The verdict for a correct suffix array. */
    public static final Verdict OK = new Verdict(null, -1, -1, -1, -1, -1, -1, -1, -1);

    private final Condition condition;
    private final long index;
    private final long entry;
    private final long relatedIndex;
    private final long expected;
    private final long actual;
    /** For the message: the byte whose bucket is involved (FIRST_CHARACTER: of index i; ORDER, LAST_SUFFIX: of c). */
    private final int character;
    /** For the message: that bucket's index range. */
    private final long bucketStart;
    private final long bucketEnd;

    private Verdict(final Condition condition, final long index, final long entry, final long relatedIndex,
                    final long expected, final long actual, final int character, final long bucketStart,
                    final long bucketEnd) {
        this.condition = condition;
        this.index = index;
        this.entry = entry;
        this.relatedIndex = relatedIndex;
        this.expected = expected;
        this.actual = actual;
        this.character = character;
        this.bucketStart = bucketStart;
        this.bucketEnd = bucketEnd;
    }

    static Verdict entryCount(final long entries, final long n) {
        return new Verdict(Condition.ENTRY_COUNT, Math.min(entries, n), -1, -1, n, entries, -1, -1, -1);
    }

    static Verdict range(final long i, final long value, final long n) {
        return new Verdict(Condition.RANGE, i, value, -1, n, value, -1, -1, -1);
    }

    static Verdict firstCharacter(final long i, final long value, final int bucketChar, final int actualChar,
                                  final long bucketStart, final long bucketEnd) {
        return new Verdict(Condition.FIRST_CHARACTER, i, value, -1, bucketChar, actualChar, bucketChar, bucketStart,
                bucketEnd);
    }

    static Verdict lastSuffix(final long i, final long value, final long n, final int lastChar) {
        return new Verdict(Condition.LAST_SUFFIX, i, value, -1, n - 1, value, lastChar, -1, -1);
    }

    static Verdict orderMismatch(final long i, final long value, final long k, final long found, final int c) {
        return new Verdict(Condition.ORDER, i, value, k, value - 1, found, c, -1, -1);
    }

    static Verdict orderBucketFull(final long i, final long value, final int c, final long bucketStart,
                                   final long bucketEnd) {
        return new Verdict(Condition.ORDER, i, value, -1, value - 1, -1, c, bucketStart, bucketEnd);
    }

    /** @return {@code true} if the array is the suffix array of the text */
    public boolean isOk() {
        return condition == null;
    }

    /** @return the violated condition, {@code null} if {@link #isOk()} */
    public Condition condition() {
        return condition;
    }

    /** @return the index of the first violation, -1 if OK */
    public long index() {
        return index;
    }

    /** @return {@code SA[index()]}, -1 where it does not apply (see the class table) */
    public long entry() {
        return entry;
    }

    /** @return the second index involved ({@link Condition#ORDER} only), else -1 */
    public long relatedIndex() {
        return relatedIndex;
    }

    /** @return the value the condition requires (see the class table) */
    public long expected() {
        return expected;
    }

    /** @return the value found (see the class table) */
    public long actual() {
        return actual;
    }

    /** @return a one-line description of the violation, {@code "OK"} if OK */
    public String message() {
        if (condition == null) {
            return "OK";
        }
        final String at = "SA[" + index + "] = " + entry;
        switch (condition) {
            case ENTRY_COUNT:
                return "the suffix array has " + actual + " entries but the text has " + expected + " bytes";
            case RANGE:
                return at + " is not in [0, " + expected + ")";
            case FIRST_CHARACTER:
                return "suffix " + at + " starts with " + show((int) actual) + " but index " + index
                        + " is in the bucket of " + show(character) + " [" + bucketStart + ", " + bucketEnd + ")";
            case LAST_SUFFIX:
                return at + " but suffix " + expected + " (the single character " + show(character)
                        + ") must be first in its bucket, at index " + index;
            default:
                return relatedIndex >= 0
                        ? at + " so suffix " + expected + " must be at index " + relatedIndex
                                + ", the next free index of the bucket of " + show(character) + ", but SA["
                                + relatedIndex + "] = " + actual
                        : at + " so suffix " + expected + " must come next in the bucket of " + show(character) + " ["
                                + bucketStart + ", " + bucketEnd + "), which has no free index left";
        }
    }

    /** @return {@code OK}, or {@code FAIL: <condition> at index <i>: <message>}: what the command line prints */
    public String line() {
        return isOk() ? "OK" : "FAIL: " + condition.label() + " at index " + index + ": " + message();
    }

    @Override
    public String toString() {
        return line();
    }

    @Override
    public boolean equals(final Object o) {
        if (!(o instanceof Verdict)) {
            return false;
        }
        final Verdict v = (Verdict) o;
        return condition == v.condition && index == v.index && entry == v.entry && relatedIndex == v.relatedIndex
                && expected == v.expected && actual == v.actual && character == v.character
                && bucketStart == v.bucketStart && bucketEnd == v.bucketEnd;
    }

    @Override
    public int hashCode() {
        return Objects.hash(condition, index, entry, relatedIndex, expected, actual);
    }

    /** Printable ASCII as {@code 'a'}, anything else as {@code 0x0a}. */
    private static String show(final int c) {
        return c > 0x20 && c < 0x7F && c != '\'' ? "'" + (char) c + "'" : String.format("0x%02x", c);
    }
}
