package org.gpumatch.aparapi.rabinkarp;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Optional;
import org.gpumatch.gpu.primitives.DeviceScan;
import org.gpumatch.gpu.primitives.Mat2ModP;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/**
 * Cooperative Rabin-Karp (CRK; Ashkiani, Amenta, Owens, SPAA 2016, sections 3.3 and 6.1) on an OpenCL device: exact
 * matching for any pattern length 1..n with the 2x2 matrix fingerprints over Z_p of Karp and Rabin's second family,
 * computed by two device-wide scans ({@link DeviceScan}, one multiplying from the right, one from the left) and one
 * matrix product per window. See {@link CrkKernel} for the device side and {@link CrkMatrixFingerprint} for the matrices.
 *
 * <p><b>Exactness.</b> p is a random prime in [2^30, 2^31), drawn per matcher. A fingerprint hit is only a candidate:
 * the window's bytes are compared with the pattern on the device before it is counted or reported, so there are no
 * false positives for any p (tests force p = 2, 3 and 7 so that most windows collide) and no false negatives (equal
 * windows have equal fingerprints for every p).
 *
 * <p><b>Outline of a query:</b> when the resident text has not been scanned yet, scan T (exclusive, left products of
 * the inverse matrices) and S (inclusive, right products): {@code 2 (L + 1)} launches for L levels of tile totals
 * (L = 1 up to {@code tile^2} characters). Then count: one launch over the windows, 4 bytes (total) plus a lost-data
 * flag come back; for {@code find}, download the per-group counts (4 bytes per {@code localSize * windowsPerItem}
 * windows), prefix-sum them on the host and launch again to write the positions compacted on the device.
 *
 * <p><b>Cost.</b> Scans (once per text): the text is read 4 times (twice per scan), 32 bytes of S and T written per
 * character, and about 3 matrix products (8 64-bit multiplications and 4 64-bit remainders each) per character and
 * scan. Per query: 32 bytes of S and T read per window and one matrix product per window, plus m bytes compared per
 * fingerprint hit (about n/p hits by chance, every true occurrence, and many more for tiny forced primes).
 * Device memory per text character: 1 byte of text + 32 bytes of S and T (+ 16 bytes per 1024 characters of tile
 * totals with the default geometry). Host memory per text character: 32 bytes (Aparapi needs a Java array behind every
 * device buffer; they are never downloaded), the text itself is the caller's array (not copied). The largest text is
 * {@link #MAX_TEXT_LENGTH} characters (a lane array of n + 1 ints must stay below 2 GiB, Aparapi keeps buffer sizes in
 * an int).
 *
 * <p><b>Pathological inputs.</b> Every fingerprint hit is verified by one work-item comparing up to m bytes, so many
 * occurrences of a long pattern (a periodic text, a run of one letter) cost {@code occ * m} byte comparisons, as for
 * the naive matcher; tiny primes (tests only) make almost every window a hit.
 *
 * <p>Residency: the text stays on the device, and its S and T with it, for all queries with the same {@link Text}
 * object. If the GC moved S or T between launches (Aparapi then rebuilds the buffer from the zero host copy) the
 * window launch notices (a sentinel) and the scans run again, at most {@link #MAX_ATTEMPTS} times per query.
 *
 * <p>Not thread-safe: one query at a time. Close it to free the device.
 */
public final class CrkMatcher extends ResidentTextMatcher<CrkKernel> {
    /** Work-items per work-group unless the device allows fewer. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** Consecutive characters each work-item combines in a scan pass (tile: 1024 characters). Not tuned yet. */
    public static final int DEFAULT_SCAN_ITEMS = 4;
    /** Consecutive windows per work-item in the window phases. Not tuned yet. */
    public static final int DEFAULT_WINDOWS_PER_ITEM = 4;
    /** The longest resident text: each of the 8 lane arrays of S and T holds n + 1 ints in under 2^31 bytes. */
    public static final int MAX_TEXT_LENGTH = Integer.MAX_VALUE / 4 - 1;
    /** Scans per query at most when the GC keeps moving S or T away between launches. */
    static final int MAX_ATTEMPTS = 3;

    private final int prime;
    private final int preferredLocalSize;
    private final int scanItems;
    private final int windowsPerItem;
    private DeviceScan scan;
    private boolean scanned;
    private int scans;
    private int lastCount;
    private int[] lastPositions = new int[0];

    /** A matcher on {@code device} with the default geometry and a random prime. */
    public CrkMatcher(ComputeDevice device, String reason) {
        this(device, reason, DEFAULT_LOCAL_SIZE, DEFAULT_SCAN_ITEMS, DEFAULT_WINDOWS_PER_ITEM);
    }

    /**
     * A matcher with an explicit geometry and a random prime (tests use small geometries to put many tile boundaries
     * in small texts; the bench tunes).
     *
     * @param localSize      work-items per work-group, a power of two (lowered to the device's limit)
     * @param scanItems      characters per work-item in a scan pass, positive
     * @param windowsPerItem windows per work-item in the window phases, positive
     */
    public CrkMatcher(ComputeDevice device, String reason, int localSize, int scanItems, int windowsPerItem) {
        this(device, reason, localSize, scanItems, windowsPerItem, CrkMatrixFingerprint.randomPrime(new SecureRandom()));
    }

    /** As above with a fixed prime p (2 <= p < 2^31, prime): tests force collisions with tiny primes. */
    CrkMatcher(ComputeDevice device, String reason, int localSize, int scanItems, int windowsPerItem, int prime) {
        super(device, reason, localSize);
        if (scanItems <= 0 || windowsPerItem <= 0) {
            throw new IllegalArgumentException("scanItems and windowsPerItem must be positive: " + scanItems + ", "
                    + windowsPerItem);
        }
        this.prime = Mat2ModP.checkModulus(prime);
        this.preferredLocalSize = localSize;
        this.scanItems = scanItems;
        this.windowsPerItem = windowsPerItem;
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
            return Optional.of("crk keeps 32 bytes of prefix products per character in 8 arrays of n + 1 ints, each "
                    + "below 2 GiB: n <= " + MAX_TEXT_LENGTH + "; n = " + n);
        }
        long lane = 4 * (n + 1);
        long deviceBytes = n + 8 * lane;
        if (device.isOpenCL() && lane > device.maxAllocBytes()) {
            return Optional.of("a text of " + n + " bytes needs device buffers of " + lane + " bytes; "
                    + device.describe() + " allows " + device.maxAllocBytes());
        }
        if (device.isOpenCL() && deviceBytes > device.globalMemBytes()) {
            return Optional.of("a text of " + n + " bytes needs " + deviceBytes + " bytes of device memory (33 per "
                    + "character); " + device.describe() + " has " + device.globalMemBytes());
        }
        long heap = 8 * lane;
        if (heap > Runtime.getRuntime().maxMemory()) {
            return Optional.of("a text of " + n + " bytes needs " + heap + " bytes of Java heap for the host copies "
                    + "of the prefix products (32 per character); the heap allows " + Runtime.getRuntime().maxMemory());
        }
        return Optional.empty();
    }


    /** The work-group size in use (after fitting it to the device); compiles the kernel if needed. */
    public int localSize() {
        return launcher().localSize();
    }

    /** Characters per scan tile: {@code localSize * scanItems}. */
    public int scanTileChars() {
        return launcher().localSize() * scanItems;
    }

    /** Windows per work-group in the window phases: {@code localSize * windowsPerItem}. */
    public int windowTile() {
        return launcher().localSize() * windowsPerItem;
    }

    /** How many times S and T were computed so far (once per resident text, plus rescans after lost data). */
    int scans() {
        return scans;
    }

    private GuardedKernel<CrkKernel> launcher() {
        if (launcher == null) {
            CrkKernel k = new CrkKernel(prime);
            k.windowsPerItem = windowsPerItem;
            launcher = new GuardedKernel<>(k, device, preferredLocalSize);
            k.put(k.symbolK).put(k.symbolA);
            scan = new DeviceScan(launcher, scanItems);
        }
        return launcher;
    }

    /**
     * Makes {@code text} the device-resident text unless it already is: the caller's array is uploaded (lazily, with
     * the next launch) and its prefix products are computed by the next query.
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
        if (k.s0.length != n + 1) {
            k.s0 = new int[n + 1];
            k.s1 = new int[n + 1];
            k.s2 = new int[n + 1];
            k.s3 = new int[n + 1];
            k.t0 = new int[n + 1];
            k.t1 = new int[n + 1];
            k.t2 = new int[n + 1];
            k.t3 = new int[n + 1];
        }
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
     * Runs a query (scanning the text first when needed, and again when a window launch reports lost prefix products)
     * and leaves the count in {@link #lastCount} and, for {@code find}, the positions in {@link #lastPositions}.
     */
    private void query(Pattern pattern, boolean find) {
        CrkKernel k = launcher.kernel();
        setPattern(k, pattern.toByteArray());
        lastTiming = LaunchTiming.NONE;
        LaunchTiming timing = null;
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            if (!scanned) {
                timing = add(timing, scanText(k));
            }
            int groups = windowGroups(k);
            k.phase = CrkKernel.PHASE_COUNT;
            k.status[0] = 0;
            k.status[1] = 0;
            k.put(k.status);
            if (k.groupCounts.length < groups) {
                k.groupCounts = new int[groups];
            }
            timing = add(timing, launchWindows(groups));
            k.get(k.status);
            if (k.status[1] != 0) {
                scanned = false;
                continue;
            }
            int total = k.status[0];
            lastCount = total;
            lastTiming = timing;
            if (!find || total == 0) {
                lastPositions = new int[0];
                return;
            }
            k.get(k.groupCounts);
            k.groupOffsets = groupOffsets(k.groupCounts, groups, k.groupOffsets);
            k.put(k.groupOffsets);
            if (k.positions.length < total || k.positions.length > 2 * total) {
                k.positions = new int[total];
            }
            k.phase = CrkKernel.PHASE_FIND;
            k.status[1] = 0;
            k.put(k.status);
            timing = add(timing, launchWindows(groups));
            k.get(k.status);
            if (k.status[1] != 0) {
                scanned = false;
                continue;
            }
            k.get(k.positions);
            lastTiming = timing;
            lastPositions = Arrays.copyOf(k.positions, total);
            return;
        }
        throw new IllegalStateException("crk: the prefix products on " + device.describe() + " were lost "
                + MAX_ATTEMPTS + " times in one query (the GC moved their Java arrays between launches and Aparapi "
                + "rebuilt the device buffers from the host copies)");
    }

    /** Computes T (exclusive, left products of the inverses) and S (inclusive, right products) of the resident text. */
    private LaunchTiming scanText(CrkKernel k) {
        k.phase = CrkKernel.PHASE_IDLE;
        LaunchTiming t = scan.exclusive(CrkKernel.OP_INVERSE, CrkMatrixFingerprint.LANES, k.n);
        t = t.plus(scan.inclusive(CrkKernel.OP_PREFIX, CrkMatrixFingerprint.LANES, k.n));
        scanned = true;
        scans++;
        return t;
    }

    private LaunchTiming launchWindows(int groups) {
        try {
            return launcher.launch(groups);
        } finally {
            launcher.kernel().phase = CrkKernel.PHASE_IDLE;
        }
    }

    private int windowGroups(CrkKernel k) {
        long windows = (long) k.lastWindow + 1;
        long tile = (long) launcher.localSize() * windowsPerItem;
        return (int) Math.max(1, (windows + tile - 1) / tile);
    }

    private void setPattern(CrkKernel k, byte[] p) {
        int[] fp = CrkMatrixFingerprint.of(p, 0, p.length, k.symbolK, prime);
        k.pattern0 = fp[0];
        k.pattern1 = fp[1];
        k.pattern2 = fp[2];
        k.pattern3 = fp[3];
        k.m = p.length;
        k.lastWindow = k.n - p.length;
        k.pattern = p;
        k.put(k.pattern);
    }

    private static LaunchTiming add(LaunchTiming sum, LaunchTiming t) {
        return sum == null ? t : sum.plus(t);
    }

    @Override
    protected void forgetDerivedState() {
        scan = null;
    }
}
