package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.UnsupportedInputException;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/** DRK geometries the conformance kit does not reach, its limits, and its primes. */
class DrkGeometryTest {
    /** Tiles of 6, 5, 7 or 1 windows start inside a packed word: the staged words begin up to 3 characters early. */
    @Test
    void tilesThatStartInsideAWord() {
        ComputeDevice device = TestDevices.openCl();
        Random r = new Random(11);
        NaiveMatcher naive = new NaiveMatcher();
        int[][] geometries = {{2, 3}, {1, 5}, {1, 7}, {1, 1}, {4, 1}, {32, 7}};
        for (int[] geo : geometries) {
            try (DrkMatcher drk = new DrkMatcher(device, "test", geo[0], geo[1])) {
                for (int trial = 0; trial < 8; trial++) {
                    int n = 1 + r.nextInt(700);
                    int symbols = 1 + r.nextInt(trial % 2 == 0 ? 4 : 256);
                    byte[] t = new byte[n];
                    for (int i = 0; i < n; i++) {
                        t[i] = (byte) (200 + r.nextInt(symbols));
                    }
                    int m = 1 + r.nextInt(Math.min(n, 30));
                    int at = r.nextInt(n - m + 1);
                    Text text = Text.wrap(t);
                    Pattern p = Pattern.of(Arrays.copyOfRange(t, at, at + m));
                    String what = "L=" + geo[0] + " g=" + geo[1] + " n=" + n + " m=" + m + " symbols=" + symbols;
                    assertThat(drk.find(text, p)).as(what).isEqualTo(naive.find(text, p));
                    assertThat(drk.count(text, p)).as(what).isEqualTo(naive.count(text, p));
                }
            }
        }
    }

    @Test
    void aPatternByteTheTextLacksAnswersZeroWithoutALaunch() {
        try (DrkMatcher drk = new DrkMatcher(TestDevices.openCl(), "test", 16, 3)) {
            Text text = Text.wrap("abracadabra".repeat(50).getBytes());
            assertThat(drk.count(text, Pattern.utf8("abra"))).isEqualTo(100);
            assertThat(drk.lastTiming().wallNanos()).isPositive();
            assertThat(drk.count(text, Pattern.utf8("abrz"))).isZero();
            assertThat(drk.lastTiming()).isEqualTo(LaunchTiming.NONE);
            assertThat(drk.find(text, Pattern.utf8("z"))).isEmpty();
            assertThat(drk.lastTiming()).isEqualTo(LaunchTiming.NONE);
        }
    }

    @Test
    void patternsWhoseOverlapDoesNotFitLocalMemoryAreRefusedNamingDrk2s() {
        ComputeDevice device = TestDevices.openCl();
        try (DrkMatcher drk = new DrkMatcher(device, "test")) {
            long fits = device.localMemBytes() - DrkKernel.localBytes(drk.localSize(), drk.charsPerItem(), 1);
            int tooLong = (int) Math.min(Integer.MAX_VALUE - 16, device.localMemBytes() + 64);
            assertThat(drk.unsupportedReason(Integer.MAX_VALUE / 2, 1 + (int) (fits * 31 / 33), 8)).isEmpty();
            assertThat(drk.unsupportedReason(Integer.MAX_VALUE / 2, tooLong, 8)).get().asString()
                    .contains("local memory").contains("drk-2s");
            byte[] t = new byte[tooLong];
            assertThatThrownBy(() -> drk.count(Text.wrap(t), Pattern.of(new byte[tooLong])))
                    .isInstanceOf(UnsupportedInputException.class).hasMessageContaining("drk-2s");
            assertThat(drk.unsupportedReason(DrkMatcher.maxTextLength() + 1, 4, 8)).get().asString()
                    .contains("resident");
        }
    }

    @Test
    void randomPrimesLieBelowTwoToThe31MinusSigma() {
        try (DrkMatcher drk = new DrkMatcher(ComputeDevice.JAVA_THREADS, "test")) {
            for (int sigma = 1; sigma <= 8; sigma++) {
                int p = drk.prime(sigma);
                assertThat(p).as("sigma=" + sigma).isGreaterThanOrEqualTo(1 << (30 - sigma)).isLessThan(1 << (31 - sigma));
                assertThat(java.math.BigInteger.valueOf(p).isProbablePrime(50)).isTrue();
                assertThat(drk.prime(sigma)).isEqualTo(p); // drawn once per matcher
            }
        }
        assertThatThrownBy(() -> new DrkMatcher(ComputeDevice.JAVA_THREADS, "test", 16, 3, 1 << 23))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DrkMatcher(ComputeDevice.JAVA_THREADS, "test", 16, 3, 9))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** The kernel's Barrett reduction against %, at the extremes of x and p. */
    @Test
    void barrettReductionIsTheRemainder() {
        Random r = new Random(4);
        for (int p : new int[] {2, 3, 7, 4194301, 8388593, 536870909, 1073741789, Integer.MAX_VALUE}) {
            int reciprocal = (int) ((1L << 32) / p);
            for (long wide : new long[] {0, 1, p - 1L, p, p + 1L, 2L * p - 1, 2L * p, Integer.MAX_VALUE,
                Integer.MAX_VALUE - 1L, Integer.MAX_VALUE - p + 1L}) {
                if (wide > Integer.MAX_VALUE) {
                    continue;
                }
                int x = (int) wide;
                assertThat(DrkKernel.barrett(x, p, reciprocal)).as("x=%d p=%d", x, p).isEqualTo(x % p);
            }
            for (int i = 0; i < 20000; i++) {
                int x = r.nextInt(Integer.MAX_VALUE);
                assertThat(DrkKernel.barrett(x, p, reciprocal)).as("x=%d p=%d", x, p).isEqualTo(x % p);
            }
        }
    }

    /** The host's fingerprints and symbol table roll like the kernel's update. */
    @Test
    void hostFingerprintRollsLikeTheKernel() {
        int[] codes = new int[256];
        for (int b = 0; b < 256; b++) {
            codes[b] = b;
        }
        Random r = new Random(5);
        byte[] t = new byte[500];
        r.nextBytes(t);
        for (int p : new int[] {2, 3, 8388593, 4194301}) {
            int m = 17;
            int[] table = DrkMatcher.symbolTable(codes, 8, p, m);
            int h = DrkMatcher.fingerprint(t, 0, m, codes, 8, p);
            int reciprocal = (int) ((1L << 32) / p);
            for (int i = 0; i + m < t.length; i++) {
                int x = DrkKernel.barrett((h << 8) + codes[t[i + m] & 0xFF], p, reciprocal);
                int out = table[DrkKernel.OUT_TERMS + (t[i] & 0xFF)];
                h = x >= out ? x - out : x + p - out;
                assertThat(h).as("p=%d i=%d", p, i).isEqualTo(DrkMatcher.fingerprint(t, i + 1, m, codes, 8, p));
            }
        }
    }
}
