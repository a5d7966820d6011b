package org.gpumatch.api.conformance;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;

/**
 * Texts and patterns for tests and benchmarks: random over an alphabet, periodic, with planted occurrences at chosen
 * offsets, near misses, and offsets that straddle work-group, tile or chunk boundaries.
 *
 * <p>Everything is deterministic for a given {@link Random} seed ({@code java.util.Random} is specified bit for bit, so
 * a seed printed by a failing test reproduces the same bytes on any JDK). Alphabets are {@code byte[]} of distinct
 * symbols; all 256 byte values are symbols, including the negative Java bytes {@code 0x80..0xFF}.
 */
public final class TextGenerators {
    private TextGenerators() {
    }

    // ----------------------------------------------------------------------------------------------- alphabets

    /** The alphabet of all 256 byte values, in unsigned order {@code 0x00, 0x01, ..., 0xFF}. */
    public static byte[] allByteValues() {
        return range(0x00, 0xFF);
    }

    /** The consecutive unsigned byte values {@code first..last} (both inclusive), e.g. {@code range(0x80, 0x83)}. */
    public static byte[] range(int first, int last) {
        if (first < 0 || last > 0xFF || first > last) {
            throw new IllegalArgumentException("not a byte range: " + first + ".." + last);
        }
        byte[] a = new byte[last - first + 1];
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) (first + i);
        }
        return a;
    }

    /** The given unsigned byte values (0..255) as symbols, e.g. {@code symbols(0x00, 0x80, 0xFF)}. */
    public static byte[] symbols(int... unsignedValues) {
        byte[] a = new byte[unsignedValues.length];
        for (int i = 0; i < a.length; i++) {
            if (unsignedValues[i] < 0 || unsignedValues[i] > 0xFF) {
                throw new IllegalArgumentException("not a byte value: " + unsignedValues[i]);
            }
            a[i] = (byte) unsignedValues[i];
        }
        return a;
    }

    /** {@code size} distinct byte values drawn uniformly from all 256 (negative Java bytes included), ascending. */
    public static byte[] randomAlphabet(Random rnd, int size) {
        if (size < 1 || size > 256) {
            throw new IllegalArgumentException("alphabet size must be 1..256: " + size);
        }
        int[] values = new int[256];
        for (int i = 0; i < 256; i++) {
            values[i] = i;
        }
        for (int i = 0; i < size; i++) { // partial Fisher-Yates
            int j = i + rnd.nextInt(256 - i);
            int t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
        int[] chosen = Arrays.copyOf(values, size);
        Arrays.sort(chosen);
        return symbols(chosen);
    }

    /** A short description of an alphabet for test names: {@code {0x80..0x83}}, {@code {0x00,0x7f}} or {@code 20 symbols}. */
    public static String describe(byte[] alphabet) {
        if (alphabet.length == 256) {
            return "all 256 bytes";
        }
        boolean consecutive = true;
        for (int i = 1; i < alphabet.length; i++) {
            consecutive &= (alphabet[i] & 0xFF) == (alphabet[i - 1] & 0xFF) + 1;
        }
        HexFormat hex = HexFormat.of();
        if (consecutive && alphabet.length > 2) {
            return "{0x" + hex.toHexDigits(alphabet[0]) + "..0x" + hex.toHexDigits(alphabet[alphabet.length - 1]) + "}";
        }
        if (alphabet.length <= 4) {
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < alphabet.length; i++) {
                sb.append(i == 0 ? "" : ",").append("0x").append(hex.toHexDigits(alphabet[i]));
            }
            return sb.append('}').toString();
        }
        return alphabet.length + " symbols";
    }

    // ----------------------------------------------------------------------------------------------- texts

    /** The ISO-8859-1 bytes of {@code s}: one byte per char, so {@code "\u00ff"} is byte {@code 0xFF}. */
    public static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Bytes from hex digits, e.g. {@code "00ff80"}; whitespace is ignored. */
    public static byte[] hex(String digits) {
        return HexFormat.of().parseHex(digits.replaceAll("\\s+", ""));
    }

    /** {@code n} symbols drawn uniformly and independently from {@code alphabet}. */
    public static byte[] random(Random rnd, int n, byte[] alphabet) {
        if (alphabet.length == 0) {
            throw new IllegalArgumentException("empty alphabet");
        }
        byte[] t = new byte[n];
        if (alphabet.length == 256) {
            rnd.nextBytes(t);
        } else if (Integer.bitCount(alphabet.length) == 1) { // 2, 4, ..., 128 symbols: one random byte per symbol
            rnd.nextBytes(t);
            int mask = alphabet.length - 1;
            for (int i = 0; i < n; i++) {
                t[i] = alphabet[t[i] & mask];
            }
        } else {
            for (int i = 0; i < n; i++) {
                t[i] = alphabet[rnd.nextInt(alphabet.length)];
            }
        }
        return t;
    }

    /** The first {@code n} bytes of {@code period} repeated: {@code periodic("ab", 5) = "ababa"}. */
    public static byte[] periodic(byte[] period, int n) {
        if (period.length == 0) {
            throw new IllegalArgumentException("empty period");
        }
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = period[i % period.length];
        }
        return t;
    }

    /** {@code n} copies of {@code symbol}. */
    public static byte[] repeat(int symbol, int n) {
        byte[] t = new byte[n];
        Arrays.fill(t, (byte) symbol);
        return t;
    }

    /** The arrays one after the other. */
    public static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** A random permutation of all 256 byte values. */
    public static byte[] shuffledByteValues(Random rnd) {
        byte[] a = allByteValues();
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            byte t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    // ----------------------------------------------------------------------------------------------- planting

    /**
     * Copies {@code pattern} into {@code text} at each offset, in order (a later plant overwrites an earlier one where
     * they overlap); offsets where the pattern would not fit entirely ({@code off < 0} or {@code off + m > n}) are
     * skipped. Modifies and returns {@code text}. The planted copies are occurrences unless a later plant overlapped
     * them, and the text may hold other occurrences too: the oracle decides.
     */
    public static byte[] plant(byte[] text, byte[] pattern, int... offsets) {
        for (int off : offsets) {
            if (fits(text.length, pattern.length, off)) {
                System.arraycopy(pattern, 0, text, off, pattern.length);
            }
        }
        return text;
    }

    /** A random text of length {@code n} over {@code alphabet} with {@code pattern} planted at {@code offsets}. */
    public static byte[] withPlanted(Random rnd, int n, byte[] alphabet, byte[] pattern, int... offsets) {
        return plant(random(rnd, n, alphabet), pattern, offsets);
    }

    /** Whether a pattern of length m placed at {@code offset} lies inside a text of length n. */
    public static boolean fits(int n, int m, long offset) {
        return offset >= 0 && offset + m <= n;
    }

    /**
     * The offsets {@code k*boundary - j} for each {@code k} in {@code multiples} that are non-negative: a pattern of
     * length {@code m > j} placed there covers the {@code j} characters before the boundary {@code k*boundary} and
     * {@code m - j} from it on ({@code j = 0}: it starts exactly on the boundary; {@code j = m}: it ends just before).
     */
    public static int[] straddling(int boundary, int j, int... multiples) {
        return Arrays.stream(multiples).mapToLong(k -> (long) k * boundary - j)
                .filter(off -> off >= 0 && off <= Integer.MAX_VALUE).mapToInt(off -> (int) off).toArray();
    }

    /**
     * A copy of {@code pattern} whose byte at {@code index} is replaced by another symbol: the next one of
     * {@code alphabet} (cyclically) when the alphabet has one, else the byte value plus one. The result differs from the
     * pattern in exactly that position, so placed in a text it is a near miss, not an occurrence.
     */
    public static byte[] nearMiss(byte[] pattern, int index, byte[] alphabet) {
        byte[] out = pattern.clone();
        byte b = out[index];
        int at = -1;
        for (int i = 0; i < alphabet.length; i++) {
            if (alphabet[i] == b) {
                at = i;
            }
        }
        out[index] = at >= 0 && alphabet.length > 1 ? alphabet[(at + 1) % alphabet.length] : (byte) (b + 1);
        return out;
    }

    /** The {@code m} bytes of {@code text} at a uniformly chosen offset (the caller guarantees {@code m <= n}). */
    public static byte[] substring(Random rnd, byte[] text, int m) {
        int off = rnd.nextInt(text.length - m + 1);
        return Arrays.copyOfRange(text, off, off + m);
    }
}
