package org.gpumatch.example;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.checker.Verdict;

/** A user's program: builds the suffix array of a text naively and checks it with gpumatch's checker (pure Java). */
public final class CheckSuffixArray {

    private CheckSuffixArray() {
    }

    /** Naive suffix array: sorts the suffix start positions by comparing suffixes byte by byte (unsigned). */
    static int[] naiveSuffixArray(final byte[] text) {
        return java.util.stream.IntStream.range(0, text.length).boxed()
                .sorted((a, b) -> Arrays.compareUnsigned(text, a, text.length, text, b, text.length))
                .mapToInt(Integer::intValue).toArray();
    }

    /** Checks the suffix array of the first argument (default "mississippi") and prints the verdict. */
    public static void main(final String[] args) {
        byte[] text = (args.length > 0 ? args[0] : "mississippi").getBytes(StandardCharsets.UTF_8);
        int[] sa = naiveSuffixArray(text);
        // The few lines a user writes:
        Verdict verdict = SuffixArrayChecker.sequential().check(text, sa);
        System.out.println(verdict.isOk() ? "OK " + Arrays.toString(sa) : "FAIL " + verdict.line());
    }
}
