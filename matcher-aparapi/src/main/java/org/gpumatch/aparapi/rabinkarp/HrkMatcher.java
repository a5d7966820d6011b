package org.gpumatch.aparapi.rabinkarp;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Optional;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/**
 * Hybrid Rabin-Karp (HRK; Ashkiani, Amenta, Owens, SPAA 2016, sections 4 and 6.3) on an OpenCL device: the text is cut
 * into subtexts of {@code W} windows plus m-1 characters of overlap, one per work-group, and each work-group runs the
 * cooperative method (CRK's prefix fingerprints over Z_p, {@link CrkFingerprint}) on its subtext with work-group
 * scans in local memory. See {@link HrkKernel}.
 *
 * <p><b>Exactness.</b> As {@link CrkMatcher}: p is a random prime in [2^30, 2^31) and B a random base per matcher,
 * every occurrence is a fingerprint hit, and every fingerprint hit is compared byte by byte on the device before it
 * is counted or reported: no false positives for any p, no false negatives.
 *
 * <p><b>Geometry.</b> A work-group of {@code localSize} work-items handles {@code chunks} chunks of
 * {@code localSize * items} windows: {@code W = chunks * localSize * items} windows (the paper's g). The chunks per
 * group grow with m to at least {@code (m-1) / (localSize * items)}, so the overlap that each group reduces first never
 * costs more than its windows. Any m from 1 to n.
 *
 * <p><b>Cost.</b> Per query: the text is read about twice per window (the characters entering S and leaving T), twice
 * more for {@code find}, plus the m-1 overlap characters per group. Compute per window: 9 modular multiplications (a
 * 64-bit product and remainder each; the matrix fingerprints before took 40) plus per chunk one work-group add scan of
 * four 64-bit lanes, plus m bytes compared per fingerprint hit. Device memory per
 * text character: 1 byte (the text), plus 8 bytes per work-group and 4 per match; no per-character intermediates, so
 * nothing but the text stays on the device between launches. Local memory: the group scan's (8.75 KiB for 256
 * work-items). Host memory: none
 * per character (the text is the caller's array, uploaded without a copy).
 *
 * <p><b>Pathological inputs.</b> Every fingerprint hit is verified by one work-item comparing up to m bytes, so many
 * occurrences of a long pattern (a periodic text, a run of one letter) cost {@code occ * m} byte comparisons, as for
 * the naive matcher; tiny primes (tests only) make almost every window a hit.
 *
 * <p>Residency: the text is uploaded once per {@link Text} object. Not thread-safe: one query at a time. Close it to
 * free the device.
 */
public final class HrkMatcher extends ResidentTextMatcher<HrkKernel> {
    /** Work-items per work-group unless the device allows fewer. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** Consecutive windows per work-item per chunk. Not tuned yet. */
    public static final int DEFAULT_ITEMS = 4;
    /** Chunks per work-group (at least; more for long patterns): 4096 windows per group by default. Not tuned yet. */
    public static final int DEFAULT_CHUNKS = 4;

    private final int prime;
    private final int base;
    private final int preferredLocalSize;
    private final int items;
    private final int chunks;

    /** A matcher on {@code device} with the default geometry and a random prime. */
    public HrkMatcher(ComputeDevice device, String reason) {
        this(device, reason, DEFAULT_LOCAL_SIZE, DEFAULT_ITEMS, DEFAULT_CHUNKS);
    }

    /**
     * A matcher with an explicit geometry and a random prime.
     *
     * @param localSize work-items per work-group, a power of two (lowered to the device's limit)
     * @param items     consecutive windows per work-item per chunk, positive
     * @param chunks    chunks per work-group (at least), positive
     */
    public HrkMatcher(ComputeDevice device, String reason, int localSize, int items, int chunks) {
        this(device, reason, localSize, items, chunks, new SecureRandom());
    }

    private HrkMatcher(ComputeDevice device, String reason, int localSize, int items, int chunks, SecureRandom random) {
        this(device, reason, localSize, items, chunks, CrkFingerprint.randomPrime(random), random);
    }

    /**
     * As above with a fixed prime p (2 <= p < 2^31, prime) and the fixed base {@link CrkFingerprint#base}: tests force
     * collisions with tiny primes.
     */
    HrkMatcher(ComputeDevice device, String reason, int localSize, int items, int chunks, int prime) {
        this(device, reason, localSize, items, chunks, prime, null);
    }

    private HrkMatcher(ComputeDevice device, String reason, int localSize, int items, int chunks, int prime,
                       SecureRandom random) {
        super(device, reason, localSize);
        if (items <= 0 || chunks <= 0) {
            throw new IllegalArgumentException("items and chunks must be positive: " + items + ", " + chunks);
        }
        this.prime = CrkFingerprint.checkModulus(prime);
        this.base = CrkFingerprint.base(prime, random);
        this.preferredLocalSize = localSize;
        this.items = items;
        this.chunks = chunks;
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.HRK;
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
        if (n > Integer.MAX_VALUE) {
            return Optional.of("hrk keeps the text in one Java array: n <= " + Integer.MAX_VALUE + "; n = " + n);
        }
        if (device.isOpenCL() && n > device.maxAllocBytes()) {
            return Optional.of("a text of " + n + " bytes needs one device buffer of that size; " + device.describe()
                    + " allows " + device.maxAllocBytes());
        }
        return Optional.empty();
    }


    /** The work-group size in use (after fitting it to the device); compiles the kernel if needed. */
    public int localSize() {
        return launcher().localSize();
    }

    /** Windows per chunk: {@code localSize * items}. */
    public int chunkWindows() {
        return launcher().localSize() * items;
    }

    /** Windows per work-group for patterns of length m: the subtext's exclusive part (the paper's g). */
    public long groupWindows(int m) {
        return (long) chunksFor(m) * chunkWindows();
    }

    private int chunksFor(int m) {
        long perChunk = chunkWindows();
        return (int) Math.max(chunks, (m - 1 + perChunk - 1) / perChunk);
    }

    private GuardedKernel<HrkKernel> launcher() {
        if (launcher == null) {
            HrkKernel k = new HrkKernel();
            k.prime = prime;
            k.base = base;
            k.items = items;
            launcher = new GuardedKernel<>(k, device, preferredLocalSize);
            k.itemPower = CrkFingerprint.power(base, items, prime);
            k.chunkPower = CrkFingerprint.power(base, (long) launcher.localSize() * items, prime);
        }
        return launcher;
    }

    /** Makes {@code text} the device-resident text (uploaded lazily with the next launch) unless it already is. */
    @Override
    public void makeResident(Text text) {
        GuardedKernel<HrkKernel> l = launcher();
        if (resident == text) {
            return;
        }
        HrkKernel k = l.kernel();
        resident = text;
        k.n = text.length();
        if (text.length() > 0) { // an empty text has no window: nothing goes to the device
            k.text = text.bytes();
            k.put(k.text);
        }
    }

    @Override
    public long count(Text text, Pattern pattern) {
        if (!prepare(text, pattern)) {
            return 0;
        }
        return countResident(pattern);
    }

    private int countResident(Pattern pattern) {
        HrkKernel k = launcher.kernel();
        setPattern(k, pattern.toByteArray());
        int groups = groupsFor(k);
        if (k.groupCounts.length < groups) {
            k.groupCounts = new int[groups];
        }
        k.phase = k.checkedSlot(HrkKernel.PHASE_COUNT);
        k.total[0] = 0;
        k.put(k.total);
        lastTiming = launcher.launch(groups);
        k.get(k.total);
        return k.total[0];
    }

    @Override
    public int[] find(Text text, Pattern pattern) {
        if (!prepare(text, pattern)) {
            return new int[0];
        }
        int total = countResident(pattern);
        if (total == 0) {
            return new int[0];
        }
        HrkKernel k = launcher.kernel();
        int groups = groupsFor(k);
        k.get(k.groupCounts);
        k.groupOffsets = groupOffsets(k.groupCounts, groups, k.groupOffsets);
        k.put(k.groupOffsets);
        if (k.positions.length < total || k.positions.length > 2 * total) {
            k.positions = new int[total];
        }
        k.phase = k.checkedSlot(HrkKernel.PHASE_FIND);
        try {
            lastTiming = lastTiming.plus(launcher.launch(groups));
        } finally {
            k.phase = HrkKernel.PHASE_COUNT;
        }
        k.get(k.positions);
        return Arrays.copyOf(k.positions, total);
    }

    private int groupsFor(HrkKernel k) {
        long windows = (long) k.lastWindow + 1;
        long perGroup = (long) k.chunks * launcher.localSize() * items;
        return (int) Math.max(1, (windows + perGroup - 1) / perGroup);
    }

    private void setPattern(HrkKernel k, byte[] p) {
        k.patternPrint = CrkFingerprint.of(p, 0, p.length, base, prime);
        k.lastPower = CrkFingerprint.power(base, p.length - 1L, prime);
        int size = launcher.localSize();
        k.sharePower = CrkFingerprint.power(base, (p.length - 1L + size - 1) / size, prime);
        k.m = p.length;
        k.lastWindow = k.n - p.length;
        k.chunks = chunksFor(p.length);
        k.pattern = p;
        k.put(k.pattern);
    }
}
