package org.gpumatch.suffixarray;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The texts of the suffix array builders' conformance kit, by group: every length 0..300, lengths around each
 * boundary a builder names (work-group, chunk, tile, page) and its small multiples, all 256 byte values, periodic texts
 * and every {@link HardTexts} input. Texts are generated on demand (seeded), so a group costs memory for one text at a
 * time; the largest text is {@link #MAX_LENGTH} bytes, small enough for {@link NaiveSuffixArray} as the oracle.
 */
public final class SuffixArrayConformanceCases {
    /** Longest text of the kit: the naive oracle sorts it in well under a second even when it is periodic. */
    public static final int MAX_LENGTH = 4200;

    /** One named text of a group. */
    public record Case(String name, Supplier<byte[]> text) {
    }

    private SuffixArrayConformanceCases() {
    }

    /** Tiny hand-written texts: empty, one byte, signed pairs, banana. */
    public static List<Case> tiny() {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("empty", () -> new byte[0]));
        cases.add(new Case("one", () -> new byte[] {7}));
        cases.add(new Case("two equal", () -> new byte[] {1, 1}));
        cases.add(new Case("two up", () -> new byte[] {1, 2}));
        cases.add(new Case("two down", () -> new byte[] {2, 1}));
        cases.add(new Case("two signed", () -> new byte[] {(byte) 0x80, 0x7F}));
        cases.add(new Case("three zeros", () -> new byte[3]));
        cases.add(new Case("zeros then one", () -> new byte[] {0, 0, 0, 1, 0, 0}));
        cases.add(new Case("banana", () -> "banana".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        return cases;
    }

    /** Every length 0..300 (random over 4 symbols), and every 7th length over 2 and 256 symbols. */
    public static List<Case> everyLengthTo300() {
        List<Case> cases = new ArrayList<>();
        for (int n = 0; n <= 300; n++) {
            int len = n;
            cases.add(new Case("random sigma 4 n=" + n, () -> HardTexts.random(len, 4, len)));
            if (n % 7 == 3) {
                cases.add(new Case("random sigma 2 n=" + n, () -> HardTexts.random(len, 2, 7L * len)));
                cases.add(new Case("random sigma 256 n=" + n, () -> HardTexts.random(len, 256, 11L * len)));
            }
        }
        return cases;
    }

    /**
     * Lengths b-1, b, b+1 for every boundary b and its multiples 2b and 3b up to {@link #MAX_LENGTH}, over 1, 2, 26
     * and 256 symbols.
     */
    public static List<Case> aroundBoundaries(int[] boundaries) {
        TreeSet<Integer> lengths = new TreeSet<>();
        for (int b : boundaries) {
            for (int k = 1; k <= 3; k++) {
                for (int d = -1; d <= 1; d++) {
                    long n = (long) k * b + d;
                    if (n >= 0 && n <= MAX_LENGTH) {
                        lengths.add((int) n);
                    }
                }
            }
        }
        List<Case> cases = new ArrayList<>();
        for (int n : lengths) {
            for (int sigma : new int[] {1, 2, 26, 256}) {
                cases.add(new Case("random sigma " + sigma + " n=" + n, () -> HardTexts.random(n, sigma, 31L * n + sigma)));
            }
        }
        return cases;
    }

    /** All 256 byte values: ascending cycles, descending twice, each value once then a shuffled tail. */
    public static List<Case> allByteValues() {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("all bytes 3*256+5", () -> HardTexts.allBytes(3 * 256 + 5)));
        cases.add(new Case("descending bytes twice", () -> {
            byte[] t = new byte[512];
            for (int i = 0; i < t.length; i++) {
                t[i] = (byte) (255 - i % 256);
            }
            return t;
        }));
        cases.add(new Case("every byte value, shuffled tail", () -> {
            byte[] t = new byte[2000];
            Random r = new Random(24);
            for (int i = 0; i < t.length; i++) {
                t[i] = (byte) (i < 256 ? i : r.nextInt(256));
            }
            return t;
        }));
        return cases;
    }

    /** Periodic texts: one repeated byte (0x00, 'a', 0xFF), periods 2..7 and 64, doubled periodic texts. */
    public static List<Case> periodic() {
        List<Case> cases = new ArrayList<>();
        for (int n : new int[] {65, 1000, 4097}) {
            for (int b : new int[] {0, 'a', 0xFF}) {
                cases.add(new Case("repeated " + b + " n=" + n, () -> HardTexts.repeated(n, b)));
            }
            for (int period : new int[] {2, 3, 4, 7, 64}) {
                cases.add(new Case("tandem " + period + " n=" + n, () -> HardTexts.tandem(n, period, period)));
            }
        }
        cases.add(new Case("period 2 doubled", () -> HardTexts.doubled(HardTexts.tandem(2000, 2, 4))));
        return cases;
    }

    /** Every {@link HardTexts#hardGenerators} input at lengths 1, 2, 10, 255, 1024 and 2500. */
    public static List<Case> hard() {
        List<Case> cases = new ArrayList<>();
        for (int n : new int[] {1, 2, 10, 255, 1024, 2500}) {
            for (Map.Entry<String, Supplier<byte[]>> e : HardTexts.hardGenerators(n).entrySet()) {
                cases.add(new Case(e.getKey() + " n=" + n, e.getValue()));
            }
        }
        return cases;
    }

    /** Every group by name, in the order the kit runs them. */
    public static Map<String, List<Case>> groups(int[] boundaries) {
        Map<String, List<Case>> groups = new LinkedHashMap<>();
        groups.put("tiny", tiny());
        groups.put("length", everyLengthTo300());
        groups.put("boundary", aroundBoundaries(boundaries));
        groups.put("byte", allByteValues());
        groups.put("periodic", periodic());
        groups.put("hard", hard());
        return groups;
    }
}
