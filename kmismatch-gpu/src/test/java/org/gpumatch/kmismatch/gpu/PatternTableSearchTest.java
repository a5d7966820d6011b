package org.gpumatch.kmismatch.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.api.kmismatch.NaiveKMismatchMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.kmismatch.Iupac;
import org.gpumatch.kmismatch.IupacKMismatchMatcher;
import org.gpumatch.kmismatch.MultiPatternKMismatch;
import org.junit.jupiter.api.Test;

/**
 * The one-pass search of {@link PatternTableSearch} (the off-target search plus the exact recount) against the
 * reference loop {@link MultiPatternKMismatch} over the naive byte oracle or the IUPAC scan, on the Java search and on
 * the OpenCL kernel (PoCL in CI): random DNA, texts with N, lowercase, U and all 256 byte values, IUPAC guides, one and
 * both strands, k = 0..4 (and k >= m), text lengths and part sizes that are not multiples of each other.
 */
class PatternTableSearchTest {
    private static final byte[] ACGT = "ACGT".getBytes();
    private static final byte[] CODES = "ACGTURYSWKMBDHVNacgturyswkmbdhvn".getBytes();

    private static byte[] text(Random r, int n, int flavour) {
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            int x = r.nextInt(100);
            t[i] = flavour == 0 || x < 80 ? ACGT[r.nextInt(4)]
                    : flavour == 1 ? (byte) "NNNNacgtnU".charAt(r.nextInt(10))
                    : (byte) r.nextInt(256);
        }
        if (flavour > 0 && n > 40) { // a run of N
            int at = r.nextInt(n - 30);
            for (int i = at; i < at + 1 + r.nextInt(25); i++) {
                t[i] = 'N';
            }
        }
        return t;
    }

    /** Patterns of length m: windows of the text (planted hits, mutated a little) or random; IUPAC codes with iupac. */
    private static List<byte[]> patterns(Random r, byte[] text, int count, int m, boolean iupac) {
        List<byte[]> out = new ArrayList<>();
        for (int p = 0; p < count; p++) {
            byte[] q = new byte[m];
            boolean planted = text.length >= m && r.nextBoolean();
            int at = planted ? r.nextInt(text.length - m + 1) : 0;
            for (int i = 0; i < m; i++) {
                byte b = planted ? text[at + i] : ACGT[r.nextInt(4)];
                if (Iupac.textBase(b) == 0 || r.nextInt(8) == 0) {
                    b = ACGT[r.nextInt(4)];
                } else {
                    b = (byte) Character.toUpperCase(b);
                    if (b == 'U') {
                        b = 'T';
                    }
                }
                if (iupac && r.nextInt(5) == 0) {
                    b = CODES[r.nextInt(CODES.length)];
                }
                q[i] = b;
            }
            out.add(q);
        }
        return out;
    }

    private static List<MultiPatternKMismatch.Hit> reference(byte[] text, List<byte[]> patterns, boolean both,
            boolean iupac, int k) {
        List<Pattern> list = new ArrayList<>();
        for (byte[] p : patterns) {
            list.add(Pattern.of(p));
        }
        try (KMismatchMatcher m = iupac ? new IupacKMismatchMatcher(1) : new NaiveKMismatchMatcher()) {
            return new MultiPatternKMismatch(list, both).find(m, Text.wrap(text), 1000, k);
        }
    }

    private static void differential(ComputeDevice device, long seed, int trials) {
        Random r = new Random(seed);
        for (int t = 0; t < trials; t++) {
            int flavour = t % 3;
            boolean iupac = r.nextBoolean();
            boolean both = r.nextBoolean();
            int m = 1 + r.nextInt(r.nextBoolean() ? 24 : 64);
            int k = t % 7 == 6 ? m + r.nextInt(2) : r.nextInt(5);
            byte[] text = text(r, r.nextInt(3000), flavour);
            List<byte[]> patterns = patterns(r, text, 1 + r.nextInt(12), m, iupac);
            if (!iupac && flavour == 2 && r.nextBoolean()) {
                continue; // byte-mode patterns of A/C/G/T only: covered by the other trials
            }
            int part = 32 * (1 + r.nextInt(40));
            String what = "trial " + t + " m=" + m + " k=" + k + " n=" + text.length + " iupac=" + iupac + " both="
                    + both + " flavour=" + flavour + " part=" + part;
            try (PatternTableSearch s = PatternTableSearch.onePass(patterns, both, iupac, k, device, part)) {
                assertEquals(reference(text, patterns, both, iupac, k), s.find(Text.wrap(text), 1000), what);
                assertTrue(s.describe().contains(device.isOpenCL() ? "OpenCL" : "Java"), s.describe());
            }
        }
    }

    @Test
    void javaSearchAgreesWithTheReferenceLoop() {
        differential(ComputeDevice.JAVA_THREADS, 11, 220);
    }

    @Test
    void kernelAgreesWithTheReferenceLoop() {
        differential(TestDevices.openCl(), 12, 70);
    }

    @Test
    void kmismatchRulesThatDifferFromTheOffTargetRulesAreKept() {
        // iupac: a pattern N does not match a text N (off-target: it does); bytes: lowercase text is not the base
        byte[] text = "ACGNACGTacgt".getBytes();
        try (PatternTableSearch iu = PatternTableSearch.onePass(List.of("ACGN".getBytes()), false, true, 0,
                ComputeDevice.JAVA_THREADS)) {
            List<MultiPatternKMismatch.Hit> hits = iu.find(Text.wrap(text), 0);
            assertEquals(List.of(new MultiPatternKMismatch.Hit(4, 0, '+', 0), new MultiPatternKMismatch.Hit(8, 0, '+', 0)),
                    hits);
        }
        try (PatternTableSearch bytes = PatternTableSearch.onePass(List.of("ACGT".getBytes()), false, false, 0,
                ComputeDevice.JAVA_THREADS)) {
            assertEquals(List.of(new MultiPatternKMismatch.Hit(4, 0, '+', 0)), bytes.find(Text.wrap(text), 0));
        }
    }

    @Test
    void obstaclesAndThePerPatternPath() {
        assertNull(PatternTableSearch.onePassObstacle(List.of("ACGT".getBytes()), false));
        assertNotNull(PatternTableSearch.onePassObstacle(List.of("ACGN".getBytes()), false));
        assertNotNull(PatternTableSearch.onePassObstacle(List.of("acgt".getBytes()), false));
        assertNull(PatternTableSearch.onePassObstacle(List.of("acgn".getBytes()), true));
        assertNotNull(PatternTableSearch.onePassObstacle(List.of("ACGX".getBytes()), true));
        assertNotNull(PatternTableSearch.onePassObstacle(List.of(new byte[65]), true));
        assertThrows(IllegalArgumentException.class, () -> PatternTableSearch.onePass(List.of("AC-T".getBytes()),
                false, true, 1, ComputeDevice.JAVA_THREADS));
        byte[] text = "ACGNNACGN".getBytes();
        List<byte[]> p = List.of("ACGN".getBytes());
        try (PatternTableSearch s = PatternTableSearch.perPattern(p, true, false, 1, new NaiveKMismatchMatcher())) {
            assertEquals(reference(text, p, true, false, 1), s.find(Text.wrap(text), 1000));
            assertTrue(s.describe().contains("per pattern"), s.describe());
        }
    }
}
