package org.gpumatch.checker;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Seeded generators of test texts with different bucket and repeat structures. */
final class Texts {
    private Texts() {
    }

    /** ACGT with copied, slightly mutated repeats of up to 2000 bytes: long common prefixes, four big buckets. */
    static byte[] dnaLike(final int n, final long seed) {
        final Random r = new Random(seed);
        final byte[] acgt = "ACGT".getBytes(StandardCharsets.US_ASCII);
        final byte[] t = new byte[n];
        int i = 0;
        while (i < n) {
            if (i > 5000 && r.nextInt(4) == 0) {
                final int from = r.nextInt(i - 2000);
                final int len = Math.min(n - i, 20 + r.nextInt(1980));
                for (int k = 0; k < len; k++) {
                    t[i + k] = r.nextInt(100) == 0 ? acgt[r.nextInt(4)] : t[from + k];
                }
                i += len;
            } else {
                final int len = Math.min(n - i, 1 + r.nextInt(500));
                for (int k = 0; k < len; k++) {
                    t[i + k] = acgt[r.nextInt(4)];
                }
                i += len;
            }
        }
        return t;
    }

    /** Uniform random bytes: 256 buckets, 0x00 and 0xFF included, short common prefixes. */
    static byte[] randomBytes(final int n, final long seed) {
        final byte[] t = new byte[n];
        new Random(seed).nextBytes(t);
        return t;
    }

    /** A random block of {@code period} bytes repeated, the last copy cut short: common prefixes of length ~n. */
    static byte[] periodic(final int n, final int period, final long seed) {
        final byte[] unit = randomBytes(period, seed);
        final byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = unit[i % period];
        }
        return t;
    }

    /** Java-like lines built from a small vocabulary with indentation: skewed ASCII buckets, many repeats. */
    static byte[] sourceLike(final int n, final long seed) {
        final Random r = new Random(seed);
        final String[] words = {"final", "int", "long", "return", "if", "for", "while", "(", ")", "{", "}", ";", "=",
            "+", "i", "j", "n", "count", "buckets", "next", "sa[i]", "text.byteAt(v - 1)", "0", "1", "null", "new",
            "private", "static", "void", "check", "Verdict", "// TODO", "\"OK\"", "<", ">=", "++", "."};
        final StringBuilder sb = new StringBuilder(n + 200);
        int depth = 0;
        while (sb.length() < n) {
            sb.append("    ".repeat(depth));
            final int tokens = 1 + r.nextInt(12);
            for (int k = 0; k < tokens; k++) {
                sb.append(words[r.nextInt(words.length)]).append(k + 1 < tokens ? " " : "");
            }
            sb.append('\n');
            depth = Math.max(0, Math.min(6, depth + r.nextInt(3) - 1));
        }
        final byte[] all = sb.toString().getBytes(StandardCharsets.US_ASCII);
        final byte[] t = new byte[n];
        System.arraycopy(all, 0, t, 0, n);
        return t;
    }
}
