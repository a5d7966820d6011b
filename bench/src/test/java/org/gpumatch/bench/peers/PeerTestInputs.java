package org.gpumatch.bench.peers;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gpumatch.bench.exact.RandomText;

/** Texts and patterns the peer tests share: random texts of several alphabets and periodic texts. */
final class PeerTestInputs {
    /** A named text. */
    record Case(String name, byte[] text) {
    }

    private PeerTestInputs() {
    }

    static List<Case> texts() {
        List<Case> out = new ArrayList<>();
        for (int sigma : new int[] {1, 2, 8}) {
            out.add(new Case("random sigma=" + sigma, RandomText.generate(3001, sigma, 42 + sigma)));
        }
        out.add(new Case("a^n", periodic("a", 2000)));
        out.add(new Case("(ab)^n", periodic("ab", 1999)));
        out.add(new Case("(aab)^n", periodic("aab", 2500)));
        out.add(new Case("(abcabd)^n", periodic("abcabd", 2100)));
        byte[] allBytes = new byte[1024];
        for (int i = 0; i < allBytes.length; i++) {
            allBytes[i] = (byte) (i * 7); // every byte value, 0x00 and 0xFF included
        }
        out.add(new Case("all byte values", allBytes));
        return out;
    }

    static byte[] periodic(String unit, int n) {
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = (byte) unit.charAt(i % unit.length());
        }
        return t;
    }

    /** Patterns for a text: substrings at random offsets (so they occur), a few random strings, lengths 1..40. */
    static List<byte[]> patterns(byte[] text, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<byte[]> out = new ArrayList<>();
        for (int m : new int[] {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 40}) {
            int at = r.nextInt(text.length - m + 1);
            out.add(java.util.Arrays.copyOfRange(text, at, at + m));
            byte[] random = new byte[m];
            for (int i = 0; i < m; i++) {
                random[i] = text[r.nextInt(text.length)];
            }
            out.add(random);
        }
        out.add(new byte[] {(byte) 0xFF});
        return out;
    }
}
