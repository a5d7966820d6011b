package org.gpumatch.api.conformance;

import static org.gpumatch.api.conformance.TextGenerators.concat;
import static org.gpumatch.api.conformance.TextGenerators.hex;
import static org.gpumatch.api.conformance.TextGenerators.latin1;
import static org.gpumatch.api.conformance.TextGenerators.nearMiss;
import static org.gpumatch.api.conformance.TextGenerators.periodic;
import static org.gpumatch.api.conformance.TextGenerators.plant;
import static org.gpumatch.api.conformance.TextGenerators.random;
import static org.gpumatch.api.conformance.TextGenerators.repeat;
import static org.gpumatch.api.conformance.TextGenerators.straddling;
import static org.gpumatch.api.conformance.TextGenerators.symbols;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The cases of the conformance kit, by group. {@link MatcherConformanceTest} turns each group into one
 * {@code @TestFactory}; other code (self-tests, GPU modules' own tests, the bench's answer checks) can use them directly.
 *
 * <p>Groups, each named by its prefix (numbers in hand-written tables leave gaps of 10 so cases can be inserted):
 * <ul>
 *   <li>{@code seed}: a hand-written table (pattern, text, expected offsets), each padded with filler bytes at both
 *       ends (memchr's {@code Seed::generate}) to move it across alignments;</li>
 *   <li>{@code edge}: n = 0, n = 1, m = n, m = n +- 1, m > n at sizes around powers of two;</li>
 *   <li>{@code byte}: every byte value 0..255 as a one-byte pattern in a text holding all 256, and byte pairs across
 *       the sign change (0x7F 0x80, 0xFF 0x00);</li>
 *   <li>{@code mix}: patterns and texts made of 0x00, 0x80 and 0xFF;</li>
 *   <li>{@code periodic}: "aaaa", "abab", period-3 texts with overlapping patterns, at lengths around each boundary;</li>
 *   <li>{@code length}: m = 1..16, 31..33, 63..65, 100, 255..257, 1024 and larger, planted at offset 0, at the very end
 *       and across a boundary;</li>
 *   <li>{@code straddle}: occurrences at {@code k*b - j} for every boundary b, j = 0..m, k = 1, 2, 3 and two further
 *       multiples, plus near misses across boundaries, in texts whose length is not a multiple of 4, 8 or b;</li>
 *   <li>{@code tail}: text lengths {@code k*b + d}, d in {0, +-1, +-2, +-3, +-5, +-7}, with occurrences at 0, at n - m
 *       and across k*b, plus "ghost" patterns that would only match bytes past the end or before the start (zero
 *       padding, wrap-around);</li>
 *   <li>{@code random}: differential cases for sigma = 1..8 and non-power-of-two and high-byte alphabets;</li>
 *   <li>{@code order}: overlapping occurrences with expected offsets written in closed form.</li>
 * </ul>
 *
 * <p>All randomness comes from {@code java.util.Random} seeded from the kit's seed and the case's parameters; each
 * generated case names its seed in its detail string, and a random case can be rebuilt alone with
 * {@link #randomCase(int, long, int[])}.
 */
public final class ConformanceCases {
    /** The kit's default seed (the bytes of "gpumatch"); override with {@code -Dgpumatch.conformance.seed=...}. */
    public static final long DEFAULT_SEED = 0x6770_756d_6174_6368L;
    /** Default work-group, tile and chunk sizes, in text characters. */
    public static final int[] DEFAULT_BOUNDARIES = {32, 64, 256, 1024};
    /** Largest random text length (random lengths near a boundary multiple may exceed it for huge boundaries). */
    public static final int MAX_RANDOM_N = 20_000;
    /** Largest random pattern length. */
    public static final int MAX_RANDOM_M = 70;

    /** Pattern lengths of the straddle group: around 1, 4, 8, 16, 32 and 64 (packing and word widths). */
    static final int[] STRADDLE_M = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65};
    /** Straddle texts use the extreme byte values (sigma = 2), so sign and padding bugs show up at boundaries too. */
    static final byte[] EXTREMES = symbols(0x00, 0x7F, 0x80, 0xFF);
    /** A straddle text with multiples up to 13 is used while 14 boundaries fit in this many bytes; else 1, 2 only. */
    static final long STRADDLE_LONG_TEXT_LIMIT = 1L << 20;
    static final int[] TAIL_M = {1, 2, 3, 5, 8, 9, 17};
    static final int[] TAIL_D = {-7, -5, -3, -2, -1, 0, 1, 2, 3, 5, 7};
    static final int[] TAIL_K = {1, 2, 3};
    static final byte[] DNA = latin1("ACGT");
    static final int[] LENGTH_M = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 31, 32, 33, 63, 64, 65, 100,
        255, 256, 257, 1024, 2047, 4099, 65_537};
    private static final String TABLE = "table";

    private ConformanceCases() {
    }

    /** Every group, in the order above. */
    public static List<ConformanceCase> all(int[] boundaries, int randomTrials, long seed) {
        List<ConformanceCase> all = new ArrayList<>();
        all.addAll(seeds());
        all.addAll(edges(seed));
        all.addAll(byteValues(seed));
        all.addAll(highByteMixes(seed));
        all.addAll(periodicTexts(boundaries));
        all.addAll(patternLengths(seed));
        all.addAll(straddlingBoundaries(boundaries, seed));
        all.addAll(textLengths(boundaries, seed));
        all.addAll(randomized(boundaries, randomTrials, seed));
        all.addAll(ascendingOverlapping(boundaries));
        return all;
    }

    // =============================================================================================== seed

    /** One row of the hand-written table: the offsets are written out, not computed. */
    private record Seed(int number, String what, byte[] pattern, byte[] text, int... expected) {
    }

    private static Seed seed(int number, String what, String pattern, String text, int... expected) {
        return new Seed(number, what, latin1(pattern), latin1(text), expected);
    }

    private static Seed seedHex(int number, String what, String pattern, String text, int... expected) {
        return new Seed(number, what, hex(pattern), hex(text), expected);
    }

    private static final List<Seed> SEEDS = List.of(
            seed(0, "one byte, one-byte text", "a", "a", 0),
            seed(10, "empty text", "a", ""),
            seed(20, "one byte, absent", "a", "b"),
            seed(30, "m > n", "ab", "a"),
            seed(40, "m = n, equal", "abc", "abc", 0),
            seed(50, "m = n, last byte differs", "abd", "abc"),
            seed(60, "m = n, first byte differs", "xbc", "abc"),
            seed(70, "m = n + 1, text is a prefix", "abcd", "abc"),
            seed(80, "overlapping run", "aaa", "aaaaaa", 0, 1, 2, 3),
            seed(90, "overlapping, period 2", "aba", "abababa", 0, 2, 4),
            seed(100, "overlapping, period 3", "abcab", "abcabcabcab", 0, 3, 6),
            seed(110, "words", "needle", "needle in a haystack with a needle", 0, 28),
            seed(120, "last byte", "k", "haystack", 7),
            seed(130, "first byte", "h", "haystack", 0),
            seed(140, "suffix", "stack", "haystack", 3),
            seed(150, "adjacent, not overlapping", "hay", "hayhay", 0, 3),
            seed(160, "run before the match", "aab", "aaab", 1),
            seed(170, "long run before the match", "aaab", "aaaaaaab", 4),
            seed(180, "partial match then restart", "ab", "aaaaaaaaab", 8),
            seed(190, "middle byte differs", "aXb", "aYbaXb", 3),
            seed(200, "reversed is not a match", "ba", "aaaaab"),
            seed(210, "newlines", "\n", "a\nb\n", 1, 3),
            seed(220, "8 bytes (64 bits)", "abcdefgh", "xabcdefghabcdefgh", 1, 9),
            seed(230, "9 bytes (over 64 bits)", "abcdefghi", "abcdefghiabcdefghi", 0, 9),
            seed(240, "separated runs", "aa", "aXaaXaaa", 2, 5, 6),
            seedHex(250, "zero byte", "00", "000100", 0, 2),
            seedHex(260, "0xFF", "ff", "00ff80ff", 1, 3),
            seedHex(270, "0x80", "80", "7f80817f80", 1, 4),
            seedHex(280, "0xFF 0x00", "ff00", "ff00ff00ff", 0, 2),
            seedHex(290, "0x00 0xFF", "00ff", "ff00ff00ff", 1, 3),
            seedHex(300, "0xFF run", "ffff", "ffffffff", 0, 1, 2),
            seedHex(310, "0x7F 0x80 (sign change)", "7f80", "7f807f80", 0, 2),
            seedHex(320, "0xFF 0x80", "ff80", "80ff80ff", 1),
            seedHex(330, "0x01 is not 0x81", "0101", "81010181", 1),
            seedHex(340, "0xFE 0xFF 0x00 0x01", "feff0001", "fffeff0001feff00", 1),
            seedHex(350, "UTF-8 e-acute", "c3a9", "636166c3a920636166c3a9", 3, 9),
            seedHex(360, "0x00 run", "000000", "0000000000", 0, 1, 2));

    /** Filler offsets (before, after) each seed is padded with; pad 0+0 is the seed itself. */
    private static final int[][] SEED_PADS = {{0, 0}, {1, 0}, {2, 5}, {3, 0}, {7, 1}, {33, 3}, {0, 7}};
    /** Filler bytes, the first that does not occur in the pattern is used (so padding creates no occurrence). */
    private static final byte[] FILLERS = latin1("%#~\u0001\u00fe");

    /** The hand-written table, each row padded with filler bytes in 7 ways. */
    public static List<ConformanceCase> seeds() {
        List<ConformanceCase> cases = new ArrayList<>();
        for (Seed s : SEEDS) {
            byte filler = filler(s.pattern());
            for (int v = 0; v < SEED_PADS.length; v++) {
                int before = SEED_PADS[v][0];
                int after = SEED_PADS[v][1];
                String name = String.format("seed%03d.%d %s, pad %d+%d", s.number(), v, s.what(), before, after);
                cases.add(new ConformanceCase(name, () -> {
                    byte[] text = concat(repeat(filler, before), s.text(), repeat(filler, after));
                    int[] expected = Arrays.stream(s.expected()).map(o -> o + before).toArray();
                    return new ConformanceCase.Input(text, s.pattern().clone(), expected, TABLE);
                }));
            }
        }
        return cases;
    }

    private static byte filler(byte[] pattern) {
        for (byte f : FILLERS) {
            boolean used = false;
            for (byte p : pattern) {
                used |= p == f;
            }
            if (!used) {
                return f;
            }
        }
        throw new IllegalStateException("no filler byte for pattern " + HexFormat.of().formatHex(pattern));
    }

    // =============================================================================================== edge

    private static final int[] EDGE_N = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 257,
        1023, 1024, 1025};

    /** n = 0 and n = 1 texts, then m = n (equal, first or last byte differing), m = n - 1 and m > n at many sizes. */
    public static List<ConformanceCase> edges(long seed) {
        List<ConformanceCase> cases = new ArrayList<>();
        Numbered num = new Numbered("edge%03d ");
        cases.add(table(num.next() + "n=0 m=1", new byte[0], latin1("a")));
        cases.add(table(num.next() + "n=0 m=1 0x00", new byte[0], hex("00")));
        cases.add(table(num.next() + "n=0 m=3", new byte[0], latin1("abc")));
        cases.add(table(num.next() + "n=0 m=8 0xff*8", new byte[0], repeat(0xFF, 8)));
        cases.add(table(num.next() + "n=1 m=1 equal", latin1("a"), latin1("a"), 0));
        cases.add(table(num.next() + "n=1 m=1 differs", latin1("a"), latin1("b")));
        cases.add(table(num.next() + "n=1 m=2 (m > n)", latin1("a"), latin1("aa")));
        cases.add(table(num.next() + "n=1 m=1 0x00", hex("00"), hex("00"), 0));
        cases.add(table(num.next() + "n=1 m=1 0xff", hex("ff"), hex("ff"), 0));
        cases.add(table(num.next() + "n=1 m=1 0x00 in 0x80", hex("80"), hex("00")));
        cases.add(table(num.next() + "n=1 m=1 0x80 in 0x00", hex("00"), hex("80")));
        for (int n : EDGE_N) {
            byte[] alphabet = (n & 1) == 0 ? DNA : TextGenerators.allByteValues();
            String a = TextGenerators.describe(alphabet);
            long s = mix(seed, 1, n);
            cases.add(generated(num.next() + "m=n equal n=" + n + " " + a, s, rnd -> {
                byte[] t = random(rnd, n, alphabet);
                return new byte[][] {t, t.clone()};
            }));
            cases.add(generated(num.next() + "m=n last byte differs n=" + n + " " + a, s, rnd -> {
                byte[] t = random(rnd, n, alphabet);
                return new byte[][] {t, nearMiss(t, n - 1, alphabet)};
            }));
            cases.add(generated(num.next() + "m=n first byte differs n=" + n + " " + a, s, rnd -> {
                byte[] t = random(rnd, n, alphabet);
                return new byte[][] {t, nearMiss(t, 0, alphabet)};
            }));
            cases.add(generated(num.next() + "m=n+1 text then a byte n=" + n + " " + a, s, rnd -> {
                byte[] t = random(rnd, n, alphabet);
                return new byte[][] {t, concat(t, random(rnd, 1, alphabet))};
            }));
            cases.add(generated(num.next() + "m=n+1 a byte then text n=" + n + " " + a, s, rnd -> {
                byte[] t = random(rnd, n, alphabet);
                return new byte[][] {t, concat(random(rnd, 1, alphabet), t)};
            }));
            if (n >= 2) {
                cases.add(generated(num.next() + "m=n-1 prefix n=" + n + " " + a, s, rnd -> {
                    byte[] t = random(rnd, n, alphabet);
                    return new byte[][] {t, Arrays.copyOf(t, n - 1)};
                }));
                cases.add(generated(num.next() + "m=n-1 suffix n=" + n + " " + a, s, rnd -> {
                    byte[] t = random(rnd, n, alphabet);
                    return new byte[][] {t, Arrays.copyOfRange(t, 1, n)};
                }));
            }
            cases.add(generated(num.next() + "m=n+100 n=" + n + " " + a, s, rnd -> {
                byte[] t = random(rnd, n, alphabet);
                return new byte[][] {t, concat(t, random(rnd, 100, alphabet))};
            }));
        }
        return cases;
    }

    // =============================================================================================== byte

    /** The unsigned byte values whose pairs (v, v+1) and (v+1, v) cross interesting edges: 0, the sign bit, 0xFF. */
    private static final int[] PAIR_VALUES = {0x00, 0x01, 0x7E, 0x7F, 0x80, 0x81, 0xFE, 0xFF};

    /**
     * Every byte value as a one-byte pattern ({@code byte000} .. {@code byte255}, numbered by the value) in a text of
     * 771 bytes that holds each value at least three times; then byte pairs across 0x00, 0x7F/0x80 and 0xFF/0x00.
     */
    public static List<ConformanceCase> byteValues(long seed) {
        List<ConformanceCase> cases = new ArrayList<>();
        long s = mix(seed, 2);
        Supplier<byte[]> text = () -> {
            byte[] ascending = TextGenerators.allByteValues();
            byte[] descending = new byte[256];
            for (int i = 0; i < 256; i++) {
                descending[i] = (byte) (255 - i);
            }
            return concat(ascending, TextGenerators.shuffledByteValues(new Random(s)), descending,
                    symbols(0x80, 0xFF, 0x00));
        };
        String detail = "text: 0x00..0xff, a shuffle (seed=" + hexSeed(s) + "), 0xff..0x00, 80 ff 00";
        for (int v = 0; v < 256; v++) {
            byte[] p = {(byte) v};
            cases.add(new ConformanceCase(String.format("byte%03d 0x%02x (Java %d)", v, v, (byte) v),
                    () -> new ConformanceCase.Input(text.get(), p, null, detail)));
        }
        int number = 300;
        for (int v : PAIR_VALUES) {
            int w = (v + 1) & 0xFF;
            for (byte[] p : List.of(symbols(v, w), symbols(w, v))) {
                cases.add(new ConformanceCase(String.format("byte%03d pair 0x%02x 0x%02x", number, p[0] & 0xFF,
                        p[1] & 0xFF), () -> new ConformanceCase.Input(text.get(), p.clone(), null, detail)));
                number += 10;
            }
        }
        return cases;
    }

    // =============================================================================================== mix

    private static final byte[] HIGH_MIX = symbols(0x00, 0x80, 0xFF);

    /** Texts and patterns made of 0x00, 0x80 and 0xFF: runs of 0xFF (-1), of 0x00, periodic mixes, random mixes. */
    public static List<ConformanceCase> highByteMixes(long seed) {
        List<ConformanceCase> cases = new ArrayList<>();
        Numbered num = new Numbered("mix%03d ");
        int n = 2003;
        for (int m : new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 17, 33}) {
            long s = mix(seed, 3, m);
            cases.add(generated(num.next() + "random {00,80,ff} pattern n=" + n + " m=" + m, s,
                    rnd -> new byte[][] {random(rnd, n, HIGH_MIX), random(rnd, m, HIGH_MIX)}));
            cases.add(generated(num.next() + "{00,80,ff} substring n=" + n + " m=" + m, s, rnd -> {
                byte[] t = random(rnd, n, HIGH_MIX);
                return new byte[][] {t, TextGenerators.substring(rnd, t, m)};
            }));
        }
        for (int runSymbol : new int[] {0xFF, 0x00, 0x80}) {
            for (int m : new int[] {1, 2, 3, 4, 8, 9, 16}) {
                int len = 515;
                int[] expected = IntStream.rangeClosed(0, len - m).toArray();
                cases.add(table(String.format("%s0x%02x run n=%d, 0x%02x*%d", num.next(), runSymbol, len, runSymbol, m),
                        repeat(runSymbol, len), repeat(runSymbol, m), expected));
            }
        }
        byte[] period = hex("ff8000");
        for (String p : new String[] {"ff80", "8000ff", "ff8000ff80", "00ff8000ff8000ff", "ff8000ff8000ff8000", "80ff"}) {
            cases.add(fixed(num.next() + "(ff 80 00)* n=301, pattern " + p, () -> periodic(period, 301), hex(p)));
        }
        return cases;
    }

    // =============================================================================================== periodic

    /** Periodic texts with overlapping patterns at lengths b-1, b, b+1, 2b-1, 2b+3, 3b+5 for every boundary b. */
    public static List<ConformanceCase> periodicTexts(int[] boundaries) {
        List<ConformanceCase> cases = new ArrayList<>();
        Numbered num = new Numbered("periodic%03d ");
        TreeSet<Integer> lengths = new TreeSet<>();
        for (int b : boundaries) {
            for (long n : new long[] {b - 1L, b, b + 1L, 2L * b - 1, 2L * b + 3, 3L * b + 5}) {
                if (n >= 1 && n <= Integer.MAX_VALUE) {
                    lengths.add((int) n);
                }
            }
        }
        for (int n : lengths) {
            String at = " n=" + n;
            cases.add(fixed(num.next() + "a* / aaa" + at, () -> periodic(latin1("a"), n), latin1("aaa")));
            cases.add(fixed(num.next() + "a* / a^9" + at, () -> periodic(latin1("a"), n), repeat('a', 9)));
            cases.add(fixed(num.next() + "a* / a^65" + at, () -> periodic(latin1("a"), n), repeat('a', 65)));
            cases.add(fixed(num.next() + "(ab)* / aba" + at, () -> periodic(latin1("ab"), n), latin1("aba")));
            cases.add(fixed(num.next() + "(ab)* / babab" + at, () -> periodic(latin1("ab"), n), latin1("babab")));
            cases.add(fixed(num.next() + "(abc)* / abcab" + at, () -> periodic(latin1("abc"), n), latin1("abcab")));
            cases.add(fixed(num.next() + "(aab)* / aabaa" + at, () -> periodic(latin1("aab"), n), latin1("aabaa")));
            cases.add(fixed(num.next() + "(abc)* / cabcabca" + at, () -> periodic(latin1("abc"), n), latin1("cabcabca")));
            cases.add(fixed(num.next() + "(ff 80)* / ff80ff" + at, () -> periodic(hex("ff80"), n), hex("ff80ff")));
            cases.add(fixed(num.next() + "00* / 00000000" + at, () -> new byte[n], new byte[4]));
            cases.add(fixed(num.next() + "a* with b at n/2 / aaaa" + at, () -> {
                byte[] defect = periodic(latin1("a"), n); // one 'b' in the middle breaks the run
                defect[n / 2] = 'b';
                return defect;
            }, latin1("aaaa")));
        }
        return cases;
    }

    // =============================================================================================== length

    /**
     * Pattern lengths 1..16, 31..33, 63..65, 100, 255..257, 1024, 2047, 4099, 65537 over a binary alphabet (sigma = 1,
     * many random occurrences of short patterns) and over all 256 bytes (sigma = 8), planted at offset 0, across 1024,
     * in the middle and as the last m bytes.
     */
    public static List<ConformanceCase> patternLengths(long seed) {
        List<ConformanceCase> cases = new ArrayList<>();
        Numbered num = new Numbered("length%03d ");
        for (int m : LENGTH_M) {
            int n = Math.max(4 * m, 2048) + 3 + (m & 1);
            for (byte[] alphabet : List.of(latin1("ab"), TextGenerators.allByteValues())) {
                String name = num.next() + "m=" + m + " n=" + n + " " + TextGenerators.describe(alphabet);
                cases.add(generated(name, mix(seed, 4, m, alphabet.length), rnd -> {
                    byte[] p = random(rnd, m, alphabet);
                    int straddle1024 = 1024 - m / 2 >= m ? 1024 - m / 2 : -1;
                    int middle = Math.max(n / 2, 1024 + m);
                    byte[] t = plant(random(rnd, n, alphabet), p, 0, straddle1024, middle, n - m);
                    return new byte[][] {t, p};
                }));
            }
        }
        return cases;
    }

    // =============================================================================================== straddle

    /**
     * For every boundary b, pattern length m in {@link #STRADDLE_M} and j = 0..m: a random text over 0x00, 0x7F, 0x80,
     * 0xFF with the pattern planted at {@code k*b - j} for k = 1, 2, 3, 8, 13, and near misses (first, last, middle
     * byte changed) at k = 4, 5, 6. The text length {@code 14*b + x} is not a multiple of 4, 8 or b. Boundaries whose
     * 14 multiples exceed {@link #STRADDLE_LONG_TEXT_LIMIT} (chunk sizes rather than work-groups) get occurrences at
     * k = 1, 2 and a near miss at 3 only, for j in {0, 1, m/2, m-1, m}, to keep the kit's run time bounded.
     */
    public static List<ConformanceCase> straddlingBoundaries(int[] boundaries, long seed) {
        List<ConformanceCase> cases = new ArrayList<>();
        Numbered num = new Numbered("straddle%04d ");
        for (int b : boundaries) {
            boolean longText = 14L * b <= STRADDLE_LONG_TEXT_LIMIT;
            int[] exact = longText ? new int[] {1, 2, 3, 8, 13} : new int[] {1, 2};
            int[] near = longText ? new int[] {4, 5, 6} : new int[] {3};
            int n = oddLength((long) (exact[exact.length - 1] + 1) * b + 3, b);
            for (int m : STRADDLE_M) {
                int[] js = longText ? IntStream.rangeClosed(0, m).toArray()
                        : IntStream.of(0, 1, m / 2, m - 1, m).filter(j -> j >= 0).distinct().sorted().toArray();
                for (int j : js) {
                    int jj = j;
                    String name = num.next() + "b=" + b + " m=" + m + " j=" + j + " n=" + n;
                    cases.add(generated(name, mix(seed, 5, b, m, j), rnd -> {
                        byte[] p = random(rnd, m, EXTREMES);
                        byte[] t = random(rnd, n, EXTREMES);
                        for (int i = 0; i < near.length; i++) {
                            int changed = i == 0 ? 0 : i == 1 ? m - 1 : m / 2;
                            plant(t, nearMiss(p, changed, EXTREMES), straddling(b, jj, near[i]));
                        }
                        plant(t, p, straddling(b, jj, exact));
                        return new byte[][] {t, p};
                    }));
                }
            }
        }
        return cases;
    }

    /** The smallest length >= {@code n} that is not a multiple of 4, 8 or {@code b}. */
    static int oddLength(long n, int b) {
        while (n % 4 == 0 || n % 8 == 0 || n % b == 0) {
            n++;
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("boundary too large for a Java array text: " + b);
        }
        return (int) n;
    }

    // =============================================================================================== tail

    /**
     * Text lengths {@code k*b + d} (k = 1, 2, 3; d in {@link #TAIL_D}; each length once) over ACGT with the pattern at
     * offset 0, at n - m and across k*b; plus ghost patterns whose only "occurrence" would need bytes outside the text:
     * the last m-1 bytes followed by 0x00 (zero padding after the end), 0x00 followed by the first byte (before the
     * start), and the last two bytes followed by the first one (wrap-around).
     */
    public static List<ConformanceCase> textLengths(int[] boundaries, long seed) {
        List<ConformanceCase> cases = new ArrayList<>();
        Numbered num = new Numbered("tail%04d ");
        TreeSet<Integer> seen = new TreeSet<>();
        for (int b : boundaries) {
            for (int k : TAIL_K) {
                for (int d : TAIL_D) {
                    long nl = (long) k * b + d;
                    if (nl < 1 || nl > Integer.MAX_VALUE - 8 || !seen.add((int) nl)) {
                        continue;
                    }
                    int n = (int) nl;
                    int kb = k * b;
                    String at = String.format("n=%d (%d*%d%+d) ", n, k, b, d);
                    for (int m : TAIL_M) {
                        cases.add(generated(num.next() + at + "m=" + m, mix(seed, 6, n, m), rnd -> {
                            byte[] p = random(rnd, m, DNA);
                            byte[] t = plant(random(rnd, n, DNA), p, 0, kb - m / 2, n - m);
                            return new byte[][] {t, p};
                        }));
                    }
                    long s = mix(seed, 7, n);
                    for (int m : new int[] {2, 8}) {
                        if (n >= m - 1) {
                            cases.add(generated(num.next() + at + "ghost: last " + (m - 1) + " bytes + 0x00", s, rnd -> {
                                byte[] t = random(rnd, n, DNA);
                                return new byte[][] {t, concat(Arrays.copyOfRange(t, n - m + 1, n), new byte[1])};
                            }));
                        }
                    }
                    cases.add(generated(num.next() + at + "ghost: 0x00 + first byte", s, rnd -> {
                        byte[] t = random(rnd, n, DNA);
                        return new byte[][] {t, new byte[] {0, t[0]}};
                    }));
                    if (n >= 2) {
                        cases.add(generated(num.next() + at + "ghost: last 2 bytes + first byte (wrap-around)", s, rnd -> {
                            byte[] t = random(rnd, n, DNA);
                            return new byte[][] {t, new byte[] {t[n - 2], t[n - 1], t[0]}};
                        }));
                    }
                }
            }
        }
        return cases;
    }

    // =============================================================================================== random

    /** Number of alphabet kinds the random group cycles through (trial index mod this picks the kind). */
    static final int RANDOM_KINDS = 14;

    /** {@code trials} random differential cases; trial i uses alphabet kind {@code i mod 14} and its own seed. */
    public static List<ConformanceCase> randomized(int[] boundaries, int trials, long seed) {
        List<ConformanceCase> cases = new ArrayList<>();
        for (int i = 0; i < trials; i++) {
            cases.add(randomCase(i, mix(seed, 8, i), boundaries));
        }
        return cases;
    }

    /**
     * Random case number {@code index} with seed {@code trialSeed} (both printed in its name), for reproducing one
     * failure alone. Alphabet kinds by {@code index mod 14}: 0..7 give 2^(kind+1) random symbols (sigma = 1..8), then
     * 3, 5 and 20 random symbols, {0x80..0x83}, {0xFE, 0xFF} and 150 random symbols. n is near a boundary multiple
     * (40%), small (20%) or uniform in 0..{@value #MAX_RANDOM_N}; m is 1..16 (60%) or 1..{@value #MAX_RANDOM_M}. The
     * pattern is random (25%), a substring of the text (40%), or random and planted at random offsets, across
     * boundaries, at 0 and at n - m (35%).
     */
    public static ConformanceCase randomCase(int index, long trialSeed, int[] boundaries) {
        Random rnd = new Random(trialSeed);
        int kind = index % RANDOM_KINDS;
        byte[] alphabet = switch (kind) {
            case 7 -> TextGenerators.allByteValues();
            case 8 -> TextGenerators.randomAlphabet(rnd, 3);
            case 9 -> TextGenerators.randomAlphabet(rnd, 5);
            case 10 -> TextGenerators.randomAlphabet(rnd, 20);
            case 11 -> TextGenerators.range(0x80, 0x83);
            case 12 -> symbols(0xFE, 0xFF);
            case 13 -> TextGenerators.randomAlphabet(rnd, 150);
            default -> TextGenerators.randomAlphabet(rnd, 1 << (kind + 1));
        };
        int r = rnd.nextInt(10);
        int n;
        if (r < 4) {
            int b = boundaries[rnd.nextInt(boundaries.length)];
            int k = 1 + rnd.nextInt(Math.max(1, Math.min(20, MAX_RANDOM_N / b)));
            n = (int) Math.max(0, Math.min(Integer.MAX_VALUE - 8, (long) k * b + rnd.nextInt(15) - 7));
        } else if (r < 6) {
            n = rnd.nextInt(71);
        } else {
            n = rnd.nextInt(MAX_RANDOM_N + 1);
        }
        int m = rnd.nextInt(10) < 6 ? 1 + rnd.nextInt(16) : 1 + rnd.nextInt(MAX_RANDOM_M);
        int mode = rnd.nextInt(20);
        String how = mode < 5 || m > n ? "random pattern" : mode < 13 ? "substring" : "planted";
        long bytesSeed = rnd.nextLong();
        String name = String.format("random%03d seed=0x%016x %s n=%d m=%d %s", index, trialSeed,
                TextGenerators.describe(alphabet), n, m, how);
        return new ConformanceCase(name, () -> {
            Random br = new Random(bytesSeed);
            byte[] t = random(br, n, alphabet);
            byte[] p;
            if (how.equals("substring")) {
                p = TextGenerators.substring(br, t, m);
            } else {
                p = random(br, m, alphabet);
                if (how.equals("planted")) {
                    int plants = 1 + br.nextInt(8);
                    int[] offsets = new int[plants + 4];
                    for (int i = 0; i < plants; i++) {
                        offsets[i] = br.nextInt(n - m + 1);
                    }
                    int b = boundaries[br.nextInt(boundaries.length)];
                    int j = br.nextInt(m + 1);
                    offsets[plants] = b - j;
                    offsets[plants + 1] = (int) Math.min(Integer.MAX_VALUE, (long) b * (1 + br.nextInt(8)) - j);
                    offsets[plants + 2] = br.nextBoolean() ? 0 : -1;
                    offsets[plants + 3] = br.nextBoolean() ? n - m : -1;
                    plant(t, p, offsets);
                }
            }
            return new ConformanceCase.Input(t, p, null, "index=" + index + " seed=" + hexSeed(trialSeed));
        });
    }

    // =============================================================================================== order

    /**
     * Overlapping occurrences whose offsets are written in closed form (not by the oracle): {@code a^n} with
     * {@code a^m} (every offset 0..n-m), {@code (ab)*} with {@code abab} (every even offset), {@code 0xFF^n} with
     * {@code ff ff ff}, at lengths b - 1, b + 1, 2b + 3.
     */
    public static List<ConformanceCase> ascendingOverlapping(int[] boundaries) {
        List<ConformanceCase> cases = new ArrayList<>();
        Numbered num = new Numbered("order%03d ");
        TreeSet<Integer> lengths = new TreeSet<>();
        for (int b : boundaries) {
            for (long n : new long[] {b - 1L, b + 1L, 2L * b + 3}) {
                if (n >= 1 && n <= Integer.MAX_VALUE - 8) {
                    lengths.add((int) n);
                }
            }
        }
        for (int n : lengths) {
            for (int m : new int[] {1, 2, 3, 7}) {
                cases.add(table(num.next() + "a^" + n + " / a^" + m + ": every offset 0..n-m", () -> repeat('a', n),
                        repeat('a', m), () -> IntStream.rangeClosed(0, n - m).toArray()));
            }
            cases.add(table(num.next() + "(ab)* n=" + n + " / abab: every even offset", () -> periodic(latin1("ab"), n),
                    latin1("abab"), () -> IntStream.rangeClosed(0, n - 4).filter(i -> i % 2 == 0).toArray()));
            cases.add(table(num.next() + "0xff^" + n + " / ff ff ff: every offset 0..n-3", () -> repeat(0xFF, n),
                    repeat(0xFF, 3), () -> IntStream.rangeClosed(0, n - 3).toArray()));
        }
        return cases;
    }

    // =============================================================================================== helpers

    /** A case whose text is built by {@code text} when it runs; only the oracle decides its offsets. */
    private static ConformanceCase fixed(String name, Supplier<byte[]> text, byte[] pattern) {
        return new ConformanceCase(name, () -> new ConformanceCase.Input(text.get(), pattern.clone(), null, "fixed"));
    }

    /** A case with the offsets stated by hand (empty: no occurrence); the oracle must agree. */
    private static ConformanceCase table(String name, byte[] text, byte[] pattern, int... expected) {
        return table(name, text::clone, pattern, expected::clone);
    }

    /** A case whose text and stated offsets are built when it runs (large texts cost nothing until then). */
    private static ConformanceCase table(String name, Supplier<byte[]> text, byte[] pattern, Supplier<int[]> expected) {
        return new ConformanceCase(name, () -> new ConformanceCase.Input(text.get(), pattern.clone(), expected.get(),
                TABLE));
    }

    /** Builds {text, pattern} from a {@code Random} seeded with {@code seed} each time the case runs. */
    private interface Recipe {
        byte[][] make(Random rnd);
    }

    private static ConformanceCase generated(String name, long seed, Recipe recipe) {
        return new ConformanceCase(name, () -> {
            byte[][] tp = recipe.make(new Random(seed));
            return new ConformanceCase.Input(tp[0], tp[1], null, "seed=" + hexSeed(seed));
        });
    }

    /** Names {@code prefix000}, {@code prefix001}, ... in order. */
    private static final class Numbered {
        private final String format;
        private int next;

        Numbered(String format) {
            this.format = format;
        }

        String next() {
            return String.format(format, next++);
        }
    }

    static String hexSeed(long seed) {
        return String.format("0x%016x", seed);
    }

    /** Mixes a seed with case parameters (SplitMix64 finalizer per part), so each case has its own stream. */
    static long mix(long seed, long... parts) {
        long h = seed;
        for (long p : parts) {
            h += 0x9E3779B97F4A7C15L + p;
            h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
            h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
            h ^= h >>> 31;
        }
        return h;
    }
}
