package org.gpumatch.example;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.cpu.CpuMatcher;
import org.gpumatch.api.multi.AhoCorasickMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.kmismatch.CpuKMismatchMatcher;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArraySearch;

/**
 * A user's program with the pure-Java modules only: one exact pattern, a set of patterns, a pattern with up to k
 * mismatches, and a suffix array, all on the CPU. Nothing here loads Aparapi or OpenCL.
 */
public final class CpuSearches {

    private CpuSearches() {
    }

    /** Occurrences of {@code pattern} in {@code text}, overlapping ones included (matcher-api's CPU matcher). */
    static long countExact(byte[] text, String pattern) {
        return new CpuMatcher().count(Text.wrap(text), Pattern.utf8(pattern));
    }

    /** Occurrences of each pattern in {@code text} (matcher-api's Aho-Corasick automaton). */
    static long[] countEach(byte[] text, String... patterns) {
        try (AhoCorasickMatcher matcher = new AhoCorasickMatcher()) {
            return matcher.count(Text.wrap(text), PatternSet.utf8(patterns));
        }
    }

    /** Windows of {@code text} within Hamming distance {@code k} of {@code pattern} (kmismatch's CPU matcher). */
    static long countWithMismatches(byte[] text, String pattern, int k) {
        try (CpuKMismatchMatcher matcher = new CpuKMismatchMatcher(1)) {
            return matcher.count(Text.wrap(text), Pattern.utf8(pattern), k);
        }
    }

    /** Start positions of {@code pattern}, ascending, through a suffix array (suffix-array's SA-IS and search). */
    static int[] findWithSuffixArray(byte[] text, String pattern) {
        int[] sa = new SaisBuilder().build(text);
        int[] starts = new SuffixArraySearch(text, sa).find(pattern.getBytes(StandardCharsets.UTF_8));
        Arrays.sort(starts);
        return starts;
    }

    /** Runs the four searches for the first argument (default "ana") in the second (default "bananas and ananas"). */
    public static void main(final String[] args) {
        String pattern = args.length > 0 ? args[0] : "ana";
        byte[] text = (args.length > 1 ? args[1] : "bananas and ananas").getBytes(StandardCharsets.UTF_8);
        System.out.println("exact " + countExact(text, pattern));
        System.out.println("each " + Arrays.toString(countEach(text, pattern, "an", "s")));
        System.out.println("k=1 " + countWithMismatches(text, pattern, 1));
        System.out.println("sa " + Arrays.toString(findWithSuffixArray(text, pattern)));
    }
}
