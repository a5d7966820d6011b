package org.gpumatch.bench.multi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.multi.PatternSet;

/**
 * Texts and pattern sets of the {@code multi} suite: i.i.d. uniform bytes over 4 symbols (the paper's tables), DNA
 * (uniform ACGT), English-like text (words of a fixed vocabulary with Zipf-like frequencies, spaces and punctuation),
 * and pattern sets cut from the text (so every pattern occurs) with some random ones. Deterministic per seed.
 * Memory: the text; O(total pattern bytes) for a set.
 */
final class MultiInputs {
    private static final String[] WORDS = ("the of and to in is that for it as was with be by on not he this are or "
            + "his from at which but have an they you were her she there had been one all we their has would when "
            + "will more if no out so said what up its about into than them can only other new some could time these "
            + "two may then do first any my now such like our over man me even most made after also did many before "
            + "must through back years where much your way well down should because each just those people how too "
            + "little state good very make world still own see men work long get here between both life being under "
            + "never day same another know while last might us great old year off come since against go came right "
            + "used take three string class public return static final void private int new null import package "
            + "interface extends implements throws exception value index length").split(" ");

    private MultiInputs() {
    }

    /** n bytes uniform over {@code 'A','C','G','T'}. */
    static byte[] dna(int n, long seed) {
        byte[] acgt = {'A', 'C', 'G', 'T'};
        Random r = new Random(seed);
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = acgt[r.nextInt(4)];
        }
        return t;
    }

    /** n bytes of English-like words (word rank i has weight 1 / (i + 1)). */
    static byte[] english(int n, long seed) {
        Random r = new Random(seed);
        double[] cumulative = new double[WORDS.length];
        double sum = 0;
        for (int i = 0; i < WORDS.length; i++) {
            sum += 1.0 / (i + 1);
            cumulative[i] = sum;
        }
        byte[] t = new byte[n];
        int at = 0;
        while (at < n) {
            int w = Arrays.binarySearch(cumulative, r.nextDouble() * sum);
            String word = WORDS[w < 0 ? Math.min(-w - 1, WORDS.length - 1) : w];
            for (int j = 0; j < word.length() && at < n; j++) {
                t[at++] = (byte) (at % 97 == 0 ? Character.toUpperCase(word.charAt(j)) : word.charAt(j));
            }
            if (at < n) {
                int p = r.nextInt(20);
                t[at++] = (byte) (p == 0 ? '.' : p == 1 ? ',' : p == 2 ? ';' : ' ');
            }
        }
        return t;
    }

    /**
     * k patterns of lengths {@code lo..hi} (uniform), 7 in 8 cut from random places of the text, 1 in 8 random bytes
     * of the text's symbols (mostly absent).
     */
    static PatternSet cut(byte[] t, int k, int lo, int hi, long seed) {
        Random r = new Random(seed);
        List<byte[]> list = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            int m = lo + r.nextInt(hi - lo + 1);
            int at = r.nextInt(t.length - m + 1);
            byte[] p = Arrays.copyOfRange(t, at, at + m);
            if (i % 8 == 7) {
                for (int j = 0; j < m; j++) {
                    p[j] = t[r.nextInt(t.length)];
                }
            }
            list.add(p);
        }
        return PatternSet.of(list);
    }
}
