package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.MultiPatternAlgorithm;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.AhoCorasickMatcher;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.primitives.GridDriver;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * {@code multi-rk}: the parallel Rabin-Karp for multiple patterns of Nunes, Bordim, Ito and Nakano on an OpenCL
 * device ({@link MultiRkKernel} has the five steps), a pipeline on gpu-core's grid layer ({@link GridDriver}: its own
 * launches, the grid's exact long scan for the prefix sums and its int scan for the order of the matches). The paper
 * takes k patterns of one length m; here a set of mixed lengths runs as one window launch (two tile launches and a
 * small scan for {@code find}) per distinct length, sharing the text's prefix sums.
 *
 * <p><b>Exactness.</b> q = 2^31 - 1 and a random base d per matcher ({@link PolynomialHash}); every hash hit is
 * compared byte by byte on the device, so any q and d give exact answers (tests force q = 13, the paper's example).
 * Patterns with one hash (equal patterns, collisions) share a table group and are all verified and reported.
 *
 * <p><b>Cost.</b> Step 1 once per matcher: two {@link PowerTable}s (d and d^-1, 2^14 + 2^15 ints each, 384 KiB
 *  * uploaded once); no per-text power arrays. Per resident text: the text upload (an otherwise empty launch, so that
 * step 1's time is the upload), step 3 in one launch (1 byte read, 8 bytes written, 2 modular multiplications per
 * character) and step 4, the grid's exclusive scan of longs ({@code GridDriver.scanLongs}, 3 launches: 16 bytes read,
 * 8 written per character). Per distinct pattern length (step 5): 16 bytes read and 2 modular multiplications per
 * window, a table probe (about 1.5 slots), m bytes compared per candidate (every true occurrence plus about
 * {@code k m n / q} chance hits). {@code count}: one launch, k ints downloaded; {@code find}: the tile counts (one
 * launch), the grid's int scan of one count per 16 L windows (3 launches), the pairs (one launch; only windows that
 * matched are tested again), 4 bytes of total and 8 bytes per occurrence downloaded.
 * Device memory per text character: about 17 bytes (text, 8 bytes of terms and 8 of sums: the grid's scan is out of
 * place); host memory per character: 16 bytes (Aparapi's host copies, downloaded after a launch only while the
 * collector may move them: GuardedKernel).
 *
 * <p>Requires an OpenCL device (Aparapi's Java threads deadlock intermittently on barrier-heavy scan kernels; the CPU
 * path is {@link AhoCorasickMatcher}). Not thread-safe. Close it to free the device.
 */
public final class MultiRkMatcher implements MultiPatternMatcher {
    /** Work-items per work-group unless the device allows fewer. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** Longs per array of prefix sums: below 2 GiB (Aparapi keeps buffer sizes in ints). */
    static final int MAX_SUMS_PART = Integer.MAX_VALUE / 8;
    /** The longest text: its n + 1 prefix sums in two arrays of at most {@link #MAX_SUMS_PART} longs. */
    public static final int MAX_TEXT_LENGTH = 2 * MAX_SUMS_PART - 1;

    /** Step indices of {@link #lastStepNanos()}. */
    public static final int STEP_POWERS = 0;
    public static final int STEP_TABLE = 1;
    public static final int STEP_SUMS = 2;
    public static final int STEP_WINDOWS = 3;

    private final ComputeDevice device;
    private final PolynomialHash hash;
    private final int preferredLocalSize;
    /** Work-groups of the grid at most (0: the grid driver's default, a few per compute unit). */
    private final int maxGroups;
    private final int sumsSplit;
    private GuardedKernel<MultiRkKernel> launcher;
    private GridDriver grid;
    private Text resident;
    private boolean scanned;
    /** The set whose length classes {@link #classes} holds. */
    private PatternSet classesOf;
    private final Map<Integer, LengthClass> classes = new HashMap<>();
    /** The length class whose table is on the device, or -1. */
    private int loadedLength = -1;
    private final long[] stepNanos = new long[4];
    private String explain = "multi-rk";

    /** A matcher on {@code device} with the default geometry, q = 2^31 - 1 and a random base. */
    public MultiRkMatcher(ComputeDevice device) {
        this(device, DEFAULT_LOCAL_SIZE, 0, PolynomialHash.random(new SecureRandom()));
    }

    /**
     * A matcher with an explicit geometry and hash (tests use small grids and tiny q).
     *
     * @param localSize work-items per work-group, a power of two (lowered to the device's limit)
     * @param maxGroups work-groups of the grid at most, or 0 for the grid driver's default
     */
    public MultiRkMatcher(ComputeDevice device, int localSize, int maxGroups, PolynomialHash hash) {
        this(device, localSize, maxGroups, hash, MAX_SUMS_PART);
    }

    /** As above, with the prefix sums split into two arrays at {@code sumsSplit} elements (tests use small ones). */
    MultiRkMatcher(ComputeDevice device, int localSize, int maxGroups, PolynomialHash hash, int sumsSplit) {
        if (!device.isOpenCL()) {
            throw new IllegalArgumentException("multi-rk needs an OpenCL device (Aparapi's Java threads deadlock on "
                    + "its scan kernel); use multi-cpu instead of " + device.describe());
        }
        if (localSize <= 0 || Integer.bitCount(localSize) != 1 || maxGroups < 0) {
            throw new IllegalArgumentException("localSize must be a power of two and maxGroups not negative: "
                    + localSize + ", " + maxGroups);
        }
        this.device = device;
        this.hash = hash;
        this.preferredLocalSize = localSize;
        this.maxGroups = maxGroups;
        if (sumsSplit < 1 || sumsSplit > MAX_SUMS_PART) {
            throw new IllegalArgumentException("sumsSplit must be in 1.." + MAX_SUMS_PART + ": " + sumsSplit);
        }
        this.sumsSplit = sumsSplit;
    }

    @Override
    public String name() {
        return MultiPatternAlgorithm.MULTI_RK.cliName();
    }

    @Override
    public String explain() {
        return explain;
    }

    /**
     * Nanoseconds of the last query per step, wall clock of the launches: [{@link #STEP_POWERS} (step 1: the text
     * upload only, since the power tables are built once per matcher; 0 when the text was already resident),
     * {@link #STEP_TABLE} (step 2 on the host and its upload; after the first query of a {@link PatternSet} object
     * only the upload of a table that is not on the device, nothing for a set of one length), {@link #STEP_SUMS} (steps 3 and 4: terms and the grid's long
     * scan), {@link #STEP_WINDOWS} (step 5, all length classes, with downloads)].
     */
    public long[] lastStepNanos() {
        return stepNanos.clone();
    }

    private GuardedKernel<MultiRkKernel> launcher() {
        if (launcher == null) {
            MultiRkKernel k = new MultiRkKernel();
            k.q = hash.q();
            k.sumsSplit = sumsSplit;
            PowerTable powers = new PowerTable(hash.d(), hash.q(), MAX_TEXT_LENGTH);
            PowerTable inverse = new PowerTable(hash.dInverse(), hash.q(), MAX_TEXT_LENGTH);
            k.powLow = powers.low;
            k.powHigh = powers.high;
            k.invLow = inverse.low;
            k.invHigh = inverse.high;
            launcher = new GuardedKernel<>(k, device, preferredLocalSize);
            k.put(k.powLow).put(k.powHigh).put(k.invLow).put(k.invHigh);
            grid = maxGroups > 0 ? new GridDriver(launcher, maxGroups) : new GridDriver(launcher);
        }
        return launcher;
    }

    /** Uploads {@code text} (unless it is the resident text) and computes its prefix sums on the device. */
    private void makeResident(Text text) {
        MultiRkKernel k = launcher().kernel();
        if (text.length() > MAX_TEXT_LENGTH) {
            throw new IllegalArgumentException("multi-rk keeps its prefix sums in two arrays of n + 1 longs: n <= "
                    + MAX_TEXT_LENGTH + "; n = " + text.length());
        }
        if (resident != text) {
            resident = text;
            scanned = false;
            int n = text.length();
            k.n = n;
            k.text = text.bytes();
            k.put(k.text);
            int low = Math.min(n + 1, sumsSplit);
            int high = Math.max(1, n + 1 - low);
            int gridLength = Math.max(low, n + 1 - low);
            if (k.sums().length != gridLength) {
                k.bindSums(new long[gridLength], new long[gridLength]);
            }
            if (k.sumsHigh.length != high) {
                k.sumsHigh = new long[high];
            }
        }
        if (!scanned) {
            long t0 = System.nanoTime();
            grid.flush(); // Aparapi's put is lazy: this launch uploads the text
            long t1 = System.nanoTime();
            int low = Math.min(k.n + 1, sumsSplit);
            int high = k.n + 1 - low;
            if (high > 0) { // the high part first: wideAlt then takes the low part, which it keeps
                scanPart(k, low, high);
                grid.pipeline(MultiRkKernel.SLOT_COPY_HIGH, high);
            }
            k.lowTotal = scanPart(k, 0, low);
            stepNanos[STEP_POWERS] = t1 - t0;
            stepNanos[STEP_SUMS] = System.nanoTime() - t1;
            scanned = true;
        }
    }

    /**
     * Steps 3 and 4 on elements {@code [from, from + count)} of the n + 1: the terms into {@code wide}, their exclusive
     * sums into {@code wideAlt}; returns their total when there is a part after them (one small download), else 0.
     */
    private long scanPart(MultiRkKernel k, int from, int count) {
        k.termBase = from;
        grid.pipeline(MultiRkKernel.SLOT_TERMS, count);
        grid.scanLongs(count, false);
        return from + count < k.n + 1 ? grid.lastTotal() : 0;
    }

    /**
     * Steps 1-4 on {@code text} and a download of the prefix sums {@code S_0..S_n} ({@code S_i = a_0 + ... + a_{i-1}},
     * {@code a_i = d^(n-i-1) t_i mod q}, exact longs): for tests of the scan against a sequential reference.
     * Downloads 8 (n + 1) bytes.
     */
    long[] prefixSums(Text text) {
        Arrays.fill(stepNanos, 0);
        makeResident(text);
        MultiRkKernel k = launcher.kernel();
        k.get(k.sums());
        long[] all = Arrays.copyOf(k.sums(), k.n + 1);
        if (k.n + 1 > sumsSplit) {
            k.get(k.sumsHigh);
            for (int j = sumsSplit; j <= k.n; j++) {
                all[j] = k.sumsHigh[j - sumsSplit] + k.lowTotal;
            }
        }
        return all;
    }

    @Override
    public long[] count(Text text, PatternSet patterns) {
        long[] counts = new long[patterns.size()];
        if (!begin(text, patterns)) {
            return counts;
        }
        MultiRkKernel k = launcher.kernel();
        for (int m : patterns.distinctLengths()) {
            if (m > text.length()) {
                continue;
            }
            int[] members = loadClass(k, patterns, m);
            long t0 = System.nanoTime();
            Arrays.fill(k.counts, 0);
            k.put(k.counts);
            grid.pipeline(MultiRkKernel.SLOT_COUNT, k.lastWindow + 1);
            k.get(k.counts);
            for (int j = 0; j < members.length; j++) {
                counts[members[j]] = k.counts[j];
            }
            stepNanos[STEP_WINDOWS] += System.nanoTime() - t0;
        }
        return counts;
    }

    @Override
    public MultiMatches find(Text text, PatternSet patterns) {
        if (!begin(text, patterns)) {
            return MultiMatches.NONE;
        }
        MultiRkKernel k = launcher.kernel();
        int[] offsets = new int[0];
        int[] indices = new int[0];
        int total = 0;
        int classes = 0;
        for (int m : patterns.distinctLengths()) {
            if (m > text.length()) {
                continue;
            }
            loadClass(k, patterns, m);
            long t0 = System.nanoTime();
            int windows = k.lastWindow + 1;
            int tiles = (windows + grid.tile() - 1) / grid.tile();
            if (k.tileCounts().length < tiles) {
                k.bindTileCounts(new int[tiles], new int[tiles]);
            }
            Arrays.fill(k.matchPlanes, 0);
            k.put(k.matchPlanes);
            grid.pipelineTiles(MultiRkKernel.SLOT_TILE_COUNTS, windows, 1);
            k.get(k.matchPlanes);
            long found = k.matchPlanes[0] + ((long) k.matchPlanes[1] << 10) + ((long) k.matchPlanes[2] << 20);
            if (found > 0) {
                if ((long) total + found > Integer.MAX_VALUE - 8) {
                    throw new IllegalArgumentException("multi-rk: more than 2^31 occurrences in one text; count "
                            + "them or search the text in chunks");
                }
                grid.scan(tiles, false); // the tiles' offsets: exact, the total is below 2^31
                if (k.outOffsets.length < found) {
                    k.outOffsets = new int[(int) found];
                    k.outIndices = new int[(int) found];
                }
                grid.pipelineTiles(MultiRkKernel.SLOT_TILE_WRITE, windows, 1);
                k.get(k.outOffsets);
                k.get(k.outIndices);
                offsets = Arrays.copyOf(offsets, total + (int) found);
                indices = Arrays.copyOf(indices, total + (int) found);
                System.arraycopy(k.outOffsets, 0, offsets, total, (int) found);
                System.arraycopy(k.outIndices, 0, indices, total, (int) found);
                total += (int) found;
                classes++;
            }
            stepNanos[STEP_WINDOWS] += System.nanoTime() - t0;
        }
        return classes <= 1 ? new MultiMatches(offsets, indices) : MultiMatches.sorted(offsets, indices, total);
    }

    /** Resets the step times, makes the text resident; false when no pattern fits the text. */
    private boolean begin(Text text, PatternSet patterns) {
        Arrays.fill(stepNanos, 0);
        explain = "multi-rk on " + device.describe() + ": " + patterns + ", " + patterns.distinctLengths().length
                + " length class(es), " + hash;
        if (patterns.shortest() > text.length()) {
            return false;
        }
        makeResident(text);
        return true;
    }

    /** Step 2's result for one length class: the set indices of its patterns, their table and bytes. */
    private record LengthClass(int[] members, PatternHashTable table, byte[] bytes) {
        static LengthClass of(PatternSet patterns, int m, PolynomialHash hash) {
            int[] members = patterns.indicesOfLength(m);
            int[] hashes = new int[members.length];
            byte[] bytes = new byte[members.length * m];
            for (int j = 0; j < members.length; j++) {
                byte[] p = patterns.bytes(members[j]);
                hashes[j] = hash.hash(p, 0, m);
                System.arraycopy(p, 0, bytes, j * m, m);
            }
            return new LengthClass(members, new PatternHashTable(hashes), bytes);
        }
    }

    /**
     * Step 2 for the patterns of length m: hashes and table, built on the host once per {@link PatternSet} object and
     * length (cached), uploaded unless the class is already the one on the device (a set of one length, as in the
     * paper, uploads once); returns their set indices.
     */
    private int[] loadClass(MultiRkKernel k, PatternSet patterns, int m) {
        long t0 = System.nanoTime();
        if (classesOf != patterns) {
            classesOf = patterns;
            classes.clear();
            loadedLength = -1;
        }
        LengthClass c = classes.computeIfAbsent(m, len -> LengthClass.of(patterns, len, hash));
        int[] members = c.members();
        k.m = m;
        k.lastWindow = k.n - m;
        if (loadedLength == m) {
            stepNanos[STEP_TABLE] += System.nanoTime() - t0;
            return members;
        }
        loadedLength = m;
        PatternHashTable table = c.table();
        byte[] bytes = c.bytes();
        k.tableMask = table.mask;
        k.tableKeys = table.keys;
        k.tableStart = table.start;
        k.tableCount = table.count;
        k.groupPatterns = table.groupPatterns;
        k.patternBytes = bytes;
        k.patternIndex = members;
        k.counts = new int[members.length];
        k.put(k.tableKeys).put(k.tableStart).put(k.tableCount).put(k.groupPatterns).put(k.patternBytes)
                .put(k.patternIndex);
        stepNanos[STEP_TABLE] += System.nanoTime() - t0;
        return members;
    }

    @Override
    public void close() {
        if (launcher != null) {
            launcher.close();
            launcher = null;
            grid = null;
            resident = null;
            classesOf = null;
            classes.clear();
            loadedLength = -1;
        }
    }
}
