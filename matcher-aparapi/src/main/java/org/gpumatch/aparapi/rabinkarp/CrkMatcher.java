package org.gpumatch.aparapi.rabinkarp;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Optional;
import org.gpumatch.aparapi.multi.PowerTable;
import org.gpumatch.gpu.primitives.GridDriver;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/**
 * Cooperative Rabin-Karp (CRK; Ashkiani, Amenta, Owens, SPAA 2016, sections 3.3 and 6.1) on an OpenCL device: exact
 * matching for any pattern length 1..n with fingerprints computed cooperatively by one device-wide scan, on gpu-core's
 * grid layer ({@link CrkKernel} extends {@code GridKernel}, driven by {@link GridDriver}): additive prefix
 * fingerprints mod p ({@link CrkFingerprint}) summed by the grid's exact 64-bit scan, one test per window, the grid's
 * select for the positions. The paper's 2x2 matrix fingerprints need a scan of a non-commutative product, which the
 * one composition model does not have: its scans add, and the prefix of additive terms needs only that.
 *
 * <p><b>Exactness.</b> p is a random prime in [2^30, 2^31) and B a random base, drawn per matcher. Every occurrence is
 * a fingerprint hit for every p and B; a hit is only a candidate: the window's bytes are compared with the pattern on
 * the device before it is counted or reported, so there are no false positives for any p (tests force p = 2, 3 and 7
 * so that most windows collide) and no false negatives.
 *
 * <p><b>Outline of a query:</b> when the resident text has no prefix sums yet: the terms (one launch) and the grid's
 * long scan (three launches). Then count: one tile launch over the windows, 4 bytes come back; {@code find} adds the
 * grid's select of the flagged windows (three launches) and the download of the positions.
 *
 * <p><b>Cost.</b> Prefix sums (once per text): 1 byte read and 8 written per character, 2 modular multiplications,
 * then the scan (16 bytes read, 8 written). Per query: 16 bytes of prefix sums read and 4 bytes of flags written per
 * window, 2 modular multiplications, plus m bytes compared per fingerprint hit (about n/p hits by chance, every true
 * occurrence, and many more for tiny forced primes); {@code find} reads the flags twice more. Device memory per text
 * character: 1 byte of text + 16 bytes of terms and prefix sums + 4 bytes of flags, plus 4 bytes per match. Host
 * memory per text character: 20 bytes (Aparapi needs a Java array behind every device buffer), the text itself is the
 * caller's array (not copied). The largest text is {@link #MAX_TEXT_LENGTH} characters (the n + 1 prefix sums, longs,
 * stay below 2 GiB: Aparapi keeps buffer sizes in an int).
 *
 * <p><b>Pathological inputs.</b> Every fingerprint hit is verified by one work-item comparing up to m bytes, so many
 * occurrences of a long pattern (a periodic text, a run of one letter) cost {@code occ * m} byte comparisons, as for
 * the naive matcher; tiny primes (tests only) make almost every window a hit.
 *
 * <p>Residency: the text stays on the device, and its prefix sums with it, for all queries with the same {@link Text}
 * object. If the collector moves a host array between launches, Aparapi rebuilds the device buffer from the host copy,
 * which is current: {@code GuardedKernel} downloads every bound array that may move after each launch.
 *
 * <p>Not thread-safe: one query at a time. Close it to free the device.
 */
public final class CrkMatcher extends ResidentTextMatcher<CrkKernel> {
    /** Work-items per work-group unless the device allows fewer. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** The longest resident text: its n + 1 prefix sums (longs) stay below 2^31 bytes. */
    public static final int MAX_TEXT_LENGTH = Integer.MAX_VALUE / 8 - 1;

    private final int prime;
    private final int base;
    private final int preferredLocalSize;
    /** Work-groups of the grid at most (0: the grid driver's default, a few per compute unit). */
    private final int maxGroups;
    private GridDriver grid;
    private boolean scanned;
    private int scans;
    private int lastCount;
    private int[] lastPositions = new int[0];

    /** A matcher on {@code device} with the default geometry and a random prime and base. */
    public CrkMatcher(ComputeDevice device, String reason) {
        this(device, reason, DEFAULT_LOCAL_SIZE, 0);
    }

    /**
     * A matcher with an explicit geometry and a random prime and base (tests use small grids to put many tile and
     * grid-range boundaries in small texts).
     *
     * @param localSize work-items per work-group, a power of two (lowered to the device's limit)
     * @param maxGroups work-groups of the grid at most, or 0 for the grid driver's default
     */
    public CrkMatcher(ComputeDevice device, String reason, int localSize, int maxGroups) {
        this(device, reason, localSize, maxGroups, new SecureRandom());
    }

    private CrkMatcher(ComputeDevice device, String reason, int localSize, int maxGroups, SecureRandom random) {
        this(device, reason, localSize, maxGroups, CrkFingerprint.randomPrime(random), random);
    }

    /**
     * As above with a fixed prime p (2 <= p < 2^31, prime) and the fixed base {@link CrkFingerprint#base}: tests force
     * collisions with tiny primes.
     */
    CrkMatcher(ComputeDevice device, String reason, int localSize, int maxGroups, int prime) {
        this(device, reason, localSize, maxGroups, prime, null);
    }

    private CrkMatcher(ComputeDevice device, String reason, int localSize, int maxGroups, int prime,
                       SecureRandom random) {
        super(device, reason, localSize);
        if (maxGroups < 0) {
            throw new IllegalArgumentException("maxGroups must not be negative: " + maxGroups);
        }
        this.prime = CrkFingerprint.checkModulus(prime);
        this.base = CrkFingerprint.base(prime, random);
        this.preferredLocalSize = localSize;
        this.maxGroups = maxGroups;
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.CRK;
    }

    /** The prime of this matcher's fingerprints. */
    public int prime() {
        return prime;
    }

    @Override
    public Optional<String> unsupportedReason(long n, int m, int sigma) {
        if (!device.isOpenCL()) {
            return Optional.of(String.format(REFUSED_IN_JAVA_THREADS, algorithm().cliName()));
        }
        if (n > MAX_TEXT_LENGTH) {
            return Optional.of("crk keeps 8 bytes of prefix sums per character in arrays of n + 1 longs, each below 2 "
                    + "GiB: n <= " + MAX_TEXT_LENGTH + "; n = " + n);
        }
        long sums = 8 * (n + 1);
        long deviceBytes = n + 2 * sums + 4 * n;
        if (device.isOpenCL() && sums > device.maxAllocBytes()) {
            return Optional.of("a text of " + n + " bytes needs device buffers of " + sums + " bytes; "
                    + device.describe() + " allows " + device.maxAllocBytes());
        }
        if (device.isOpenCL() && deviceBytes > device.globalMemBytes()) {
            return Optional.of("a text of " + n + " bytes needs " + deviceBytes + " bytes of device memory (21 per "
                    + "character); " + device.describe() + " has " + device.globalMemBytes());
        }
        long heap = 2 * sums + 4 * n;
        if (heap > Runtime.getRuntime().maxMemory()) {
            return Optional.of("a text of " + n + " bytes needs " + heap + " bytes of Java heap for the host copies "
                    + "of the prefix sums and flags (20 per character); the heap allows "
                    + Runtime.getRuntime().maxMemory());
        }
        return Optional.empty();
    }

    /** The work-group size in use (after fitting it to the device); compiles the kernel if needed. */
    public int localSize() {
        return launcher().localSize();
    }

    /** Elements per tile of the grid (windows per step of the window launch); compiles the kernel if needed. */
    public int tile() {
        launcher();
        return grid.tile();
    }

    /** How many times the prefix sums were computed so far (once per resident text). */
    int scans() {
        return scans;
    }

    private GuardedKernel<CrkKernel> launcher() {
        if (launcher == null) {
            CrkKernel k = new CrkKernel();
            k.prime = prime;
            launcher = new GuardedKernel<>(k, device, preferredLocalSize);
            grid = maxGroups > 0 ? new GridDriver(launcher, maxGroups) : new GridDriver(launcher);
        }
        return launcher;
    }

    /**
     * Makes {@code text} the device-resident text unless it already is: the caller's array is uploaded (lazily, with
     * the next launch) and its prefix sums are computed by the next query.
     */
    @Override
    public void makeResident(Text text) {
        GuardedKernel<CrkKernel> l = launcher();
        if (resident == text) {
            return;
        }
        CrkKernel k = l.kernel();
        int n = text.length();
        resident = text;
        scanned = false;
        k.n = n;
        if (n == 0) {
            return; // no window to test: nothing goes to the device
        }
        k.text = text.bytes();
        k.put(k.text);
        if (k.sums().length != n + 1) {
            k.bindSums(new long[n + 1], new long[n + 1]);
        }
        if (k.flags().length < n) {
            k.bindFlags(new int[n]);
        }
        PowerTable powers = new PowerTable(base, prime, n);
        k.powLow = powers.low;
        k.powHigh = powers.high;
        k.put(k.powLow).put(k.powHigh);
    }

    @Override
    public long count(Text text, Pattern pattern) {
        if (!prepare(text, pattern)) {
            return 0;
        }
        query(pattern, false);
        return lastCount;
    }

    @Override
    public int[] find(Text text, Pattern pattern) {
        if (!prepare(text, pattern)) {
            return new int[0];
        }
        query(pattern, true);
        return lastPositions;
    }

    /**
     * Runs a query (computing the text's prefix sums first when needed) and leaves the count in {@link #lastCount}
     * and, for {@code find}, the positions in {@link #lastPositions}.
     */
    private void query(Pattern pattern, boolean find) {
        CrkKernel k = launcher.kernel();
        setPattern(k, pattern.toByteArray());
        LaunchTiming timing = null; // NONE has no device time: summing onto it would hide the launches'
        if (!scanned) {
            timing = add(timing, grid.pipeline(CrkKernel.SLOT_TERMS, k.n + 1));
            timing = add(timing, grid.scanLongs(k.n + 1, false));
            scanned = true;
            scans++;
        }
        int windows = k.lastWindow + 1;
        k.matches[0] = 0;
        k.put(k.matches);
        timing = add(timing, grid.pipelineTiles(CrkKernel.SLOT_WINDOWS, windows, 1));
        k.get(k.matches);
        int total = k.matches[0];
        lastCount = total;
        lastPositions = new int[0];
        if (find && total > 0) {
            if (k.positions().length < total || k.positions().length > 2 * total) {
                k.bindPositions(new int[total]);
            }
            timing = add(timing, grid.selectFlagged(windows, true));
            k.get(k.positions());
            lastPositions = Arrays.copyOf(k.positions(), total);
        }
        lastTiming = timing;
    }

    private static LaunchTiming add(LaunchTiming sum, LaunchTiming t) {
        return sum == null ? t : sum.plus(t);
    }

    private void setPattern(CrkKernel k, byte[] p) {
        k.patternPrint = CrkFingerprint.of(p, 0, p.length, base, prime);
        k.m = p.length;
        k.lastWindow = k.n - p.length;
        k.pattern = p;
        k.put(k.pattern);
    }

    @Override
    protected void forgetDerivedState() {
        grid = null;
    }
}
