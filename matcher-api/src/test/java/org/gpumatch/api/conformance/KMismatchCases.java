package org.gpumatch.api.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The cases of the k-mismatch conformance kit ({@link KMismatchConformanceTest}): edges, all 256 byte values,
 * adversarial texts, hits planted with an exact number of mismatches at and across every boundary, long patterns and
 * seeded random cases. Expected answers come from {@link org.gpumatch.api.kmismatch.NaiveKMismatchMatcher}.
 */
public final class KMismatchCases {
    /** Default boundaries: common work-group and tile sizes, in text characters. */
    public static final int[] DEFAULT_BOUNDARIES = {64, 256, 1024};

    private KMismatchCases() {
    }

    /** One query: text, pattern and k. */
    public record Case(String name, byte[] text, byte[] pattern, int k) {
        @Override
        public String toString() {
            return name + " n=" + text.length + " m=" + pattern.length + " k=" + k;
        }
    }

    /** Empty and tiny texts, m = 1, m = n, m &gt; n, k = 0, k = m - 1, k = m, k far above m. */
    public static List<Case> edges(long seed) {
        Random r = new Random(seed);
        List<Case> out = new ArrayList<>();
        int idx = 0;
        for (int n : new int[] {0, 1, 2, 3, 7, 31, 33}) {
            for (int m : new int[] {1, 2, 3, 5, 33, 40}) {
                byte[] text = randomBytes(r, n, 2);
                byte[] pattern = randomBytes(r, m, 2);
                for (int k : new int[] {0, 1, m - 1, m, m + 5, 1_000_000}) {
                    if (k >= 0) {
                        out.add(new Case(String.format("edge%03d", idx++), text, pattern, k));
                    }
                }
            }
        }
        return out;
    }

    /** Texts holding every byte value; patterns of high bytes (signed on the device), k from 0 to 3. */
    public static List<Case> byteValues(long seed) {
        Random r = new Random(seed + 1);
        List<Case> out = new ArrayList<>();
        byte[] text = new byte[256 * 5 + 13];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) (i % 256);
        }
        for (int c = 0; c < 40; c++) {
            int m = 1 + r.nextInt(c < 20 ? 8 : 300);
            int at = r.nextInt(text.length - m + 1);
            byte[] pattern = java.util.Arrays.copyOfRange(text, at, at + m);
            int k = r.nextInt(4);
            mutate(r, pattern, Math.min(m, k + r.nextInt(2)));
            out.add(new Case(String.format("bytes%03d", c), text, pattern, k));
        }
        byte[] shuffled = randomBytes(r, 3000, 256);
        for (int c = 0; c < 20; c++) {
            byte[] pattern = new byte[1 + r.nextInt(6)];
            for (int i = 0; i < pattern.length; i++) {
                pattern[i] = (byte) (0x80 + r.nextInt(128));
            }
            out.add(new Case(String.format("highbytes%03d", c), shuffled, pattern, r.nextInt(3)));
        }
        return out;
    }

    /** A hit at every offset, no hit at all, periodic texts with a near-periodic pattern. */
    public static List<Case> adversarial() {
        List<Case> out = new ArrayList<>();
        byte[] allA = new byte[2000];
        java.util.Arrays.fill(allA, (byte) 'A');
        byte[] a17 = new byte[17];
        java.util.Arrays.fill(a17, (byte) 'A');
        byte[] b17 = new byte[17];
        java.util.Arrays.fill(b17, (byte) 'B');
        out.add(new Case("adv000 every offset", allA, a17, 0));
        out.add(new Case("adv001 no offset k=m-1", allA, b17, 16));
        out.add(new Case("adv002 every offset k=m", allA, b17, 17));
        byte[] periodic = new byte[3001];
        for (int i = 0; i < periodic.length; i++) {
            periodic[i] = (byte) "ACGTTGCA".charAt(i % 8);
        }
        for (int k = 0; k < 6; k++) {
            byte[] p = java.util.Arrays.copyOfRange(periodic, 3, 3 + 64);
            p[10] = 'N';
            p[50] = 'N';
            out.add(new Case("adv01" + k + " periodic", periodic, p, k * 3));
        }
        byte[] ff = new byte[1500];
        java.util.Arrays.fill(ff, (byte) 0xFF);
        byte[] zero = new byte[9];
        out.add(new Case("adv020 0xFF text, zero pattern k=8", ff, zero, 8));
        out.add(new Case("adv021 0xFF text, zero pattern k=9", ff, zero, 9));
        return out;
    }

    /**
     * Hits with exactly k' mismatches (k' &lt;= k and k + 1) planted so that a window starts, ends or straddles each of the
     * first three multiples of every boundary, for pattern lengths 1, 5, 32 and b + 3.
     */
    public static List<Case> boundaries(int[] boundaries, long seed) {
        Random r = new Random(seed + 2);
        List<Case> out = new ArrayList<>();
        int idx = 0;
        for (int b : boundaries) {
            for (int m : new int[] {1, 5, 32, b + 3}) {
                int k = m < 4 ? 0 : 2;
                byte[] text = randomBytes(r, 3 * b + m + 7, 4);
                byte[] pattern = randomBytes(r, m, 4);
                for (int mult = 1; mult <= 3; mult++) {
                    for (int at : new int[] {mult * b - m, mult * b - m / 2, mult * b, mult * b - 1}) {
                        if (at >= 0 && at + m <= text.length) {
                            byte[] copy = pattern.clone();
                            mutate(r, copy, Math.min(m, k + (r.nextBoolean() ? 0 : 1)));
                            System.arraycopy(copy, 0, text, at, m);
                        }
                    }
                }
                out.add(new Case(String.format("boundary%03d b=%d", idx++, b), text, pattern, k));
            }
        }
        return out;
    }

    /** Pattern lengths 32..4096 in powers of two with planted hits of 0..k+1 mismatches, k about m/16. */
    public static List<Case> longPatterns(long seed) {
        Random r = new Random(seed + 3);
        List<Case> out = new ArrayList<>();
        for (int m = 32; m <= 4096; m *= 2) {
            byte[] text = randomBytes(r, 2 * m + 1000, 4);
            byte[] pattern = randomBytes(r, m, 4);
            int k = m / 16;
            for (int h = 0; h < 6; h++) {
                byte[] copy = pattern.clone();
                mutate(r, copy, k - 1 + h % 3);
                int at = r.nextInt(text.length - m + 1);
                System.arraycopy(copy, 0, text, at, m);
            }
            out.add(new Case("long m=" + m, text, pattern, k));
        }
        return out;
    }

    /** Seeded random cases over alphabets of 2, 4, 20 and 256 symbols, n up to 5000, m up to 300, k in 0..m+1. */
    public static List<Case> randomized(int trials, long seed) {
        Random r = new Random(seed + 4);
        List<Case> out = new ArrayList<>();
        int[] sigmas = {2, 4, 20, 256};
        for (int t = 0; t < trials; t++) {
            int sigma = sigmas[t % sigmas.length];
            int n = r.nextInt(5000);
            int m = 1 + r.nextInt(r.nextBoolean() ? 16 : 300);
            byte[] text = randomBytes(r, n, sigma);
            byte[] pattern = randomBytes(r, m, sigma);
            if (n >= m && r.nextBoolean()) {
                int at = r.nextInt(n - m + 1);
                System.arraycopy(text, at, pattern, 0, m);
            }
            int k = r.nextInt(m + 2);
            if (r.nextInt(3) == 0) {
                k = r.nextInt(Math.max(1, m / 4));
            }
            out.add(new Case(String.format("random%04d sigma=%d", t, sigma), text, pattern, k));
        }
        return out;
    }

    /** {@code n} bytes uniform over the first {@code sigma} symbols of "ACGT..." (sigma 256: all byte values). */
    public static byte[] randomBytes(Random r, int n, int sigma) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            int s = r.nextInt(sigma);
            b[i] = (byte) (sigma <= 4 ? "ACGT".charAt(s) : sigma == 256 ? s : 'a' + s);
        }
        return b;
    }

    /** Changes exactly {@code count} distinct positions of {@code p} to a different byte. */
    public static void mutate(Random r, byte[] p, int count) {
        boolean[] done = new boolean[p.length];
        int left = Math.min(count, p.length);
        while (left > 0) {
            int i = r.nextInt(p.length);
            if (!done[i]) {
                done[i] = true;
                p[i] = (byte) (p[i] + 1 + r.nextInt(255));
                left--;
            }
        }
    }
}
