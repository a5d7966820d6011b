package org.gpumatch.suffixarray;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Random and structured texts that stress suffix sorting (long repeats, few distinct LMS names, deep recursion), for
 * tests and benchmarks. Each generator costs one pass and n bytes.
 */
public final class HardTexts {
    private HardTexts() {
    }

    /** @return n copies of byte b */
    public static byte[] repeated(int n, int b) {
        byte[] t = new byte[n];
        Arrays.fill(t, (byte) b);
        return t;
    }

    /** @return n random bytes: all 256 values when sigma is 256, else the first sigma letters from {@code a} */
    public static byte[] random(int n, int sigma, long seed) {
        Random r = new Random(seed);
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = (byte) (sigma == 256 ? r.nextInt(256) : 'a' + r.nextInt(sigma));
        }
        return t;
    }

    /** @return the first n bytes of the Fibonacci word over {@code a, b} */
    public static byte[] fibonacci(int n) {
        StringBuilder a = new StringBuilder("b");
        StringBuilder b = new StringBuilder("a");
        while (b.length() < n) {
            StringBuilder c = new StringBuilder(b).append(a);
            a = b;
            b = c;
        }
        return b.substring(0, n).getBytes();
    }

    /** @return the first n bytes of the Thue-Morse sequence over 0xFF and 0x00 */
    public static byte[] thueMorse(int n) {
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = (byte) (Integer.bitCount(i) % 2 == 0 ? 0xFF : 0x00);
        }
        return t;
    }

    /** @return a random unit of the given period over 4 letters, repeated to n bytes */
    public static byte[] tandem(int n, int period, long seed) {
        byte[] unit = random(period, 4, seed);
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = unit[i % period];
        }
        return t;
    }

    /** @return t followed by t */
    public static byte[] doubled(byte[] t) {
        byte[] d = Arrays.copyOf(t, 2 * t.length);
        System.arraycopy(t, 0, d, t.length, t.length);
        return d;
    }

    /** @return n bytes cycling through all 256 values in a scrambled order */
    public static byte[] allBytes(int n) {
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = (byte) (i * 167 + (i >> 8));
        }
        return t;
    }

    /** @return the named hard inputs of length n (the doubled text 2*(n/2)) */
    public static Map<String, byte[]> hard(int n) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        hardGenerators(n).forEach((name, g) -> m.put(name, g.get()));
        return m;
    }

    /**
     * The inputs of {@link #hard(int)}, each made only when asked for (one at a time keeps a benchmark at n bytes of
     * inputs instead of ten times n).
     *
     * @return the generators of the named hard inputs of length n, in the order of {@link #hard(int)}
     */
    public static Map<String, Supplier<byte[]>> hardGenerators(int n) {
        Map<String, Supplier<byte[]>> m = new LinkedHashMap<>();
        m.put("repeated 0x00", () -> repeated(n, 0));
        m.put("repeated 0xFF", () -> repeated(n, 0xFF));
        m.put("fibonacci", () -> fibonacci(n));
        m.put("thue-morse", () -> thueMorse(n));
        m.put("random binary", () -> random(n, 2, n));
        m.put("tandem period 7", () -> tandem(n, 7, n));
        m.put("tandem period 1000", () -> tandem(n, 1000, n));
        m.put("random doubled", () -> doubled(random(n / 2, 4, n)));
        m.put("all bytes", () -> allBytes(n));
        m.put("random 256", () -> random(n, 256, n + 1));
        return m;
    }
}
