package org.gpumatch.suffixarray;

import java.util.Optional;
import java.util.stream.IntStream;
import org.gpumatch.gpu.primitives.ChunkDriver;
import org.gpumatch.gpu.primitives.DeviceRadixSort;
import org.gpumatch.gpu.primitives.DeviceScan;
import org.gpumatch.gpu.primitives.DeviceSegmentedSort;
import org.gpumatch.gpu.primitives.SelectKernel;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * Suffix array construction on an OpenCL device by prefix doubling (the thesis' Algorithm 3, with finished suffixes
 * dropped from later rounds), on gpu-core's primitives inside one pipeline kernel ({@link PrefixDoublingKernel}).
 * Same order as {@link SaisBuilder}: unsigned bytes, a proper prefix first, no sentinel.
 *
 * <p><b>Algorithm.</b> Every suffix {@code i} carries a rank: the SA position of the first suffix of its bucket
 * (suffixes equal on the first {@code h} symbols, a suffix that ends within them unique). Initial sort: symbols get
 * codes {@code 1..sigma} (the text's alphabet, 0 past the end, {@code b = bits(sigma)} bits each) and the first
 * {@code k = 64 / b} codes of each suffix form a 64-bit key ({@code k} = 7 for bytes, 21 for DNA, 64 for one
 * repeated byte), sorted as (u32 low word, suffix) and then stably (u32 high word, suffix) pairs on only the
 * {@code k * b} bits that can differ; {@code h = k}. Then rounds until no bucket has two suffixes: the working set
 * (the suffixes of unsorted buckets, kept in SA order) is sorted stably by the rank of {@code i + h} (plus one; 0 past
 * the end, so a shorter suffix comes first) and then stably by its bucket's rank (LSD, two u32/u32 radix sorts on
 * {@code bits(n)} bits each); head flags mark where the bucket or the key changes; a two-lane max scan gives each
 * element the index of its new head and of its old bucket's first element, hence its new rank (old rank plus the
 * offset); the ranks are scattered, elements of singleton buckets are dropped by a stable select, and {@code h}
 * doubles. Finally {@code SA[rank[i]] = i}.
 *
 * <p><b>Cost per round</b> over the {@code m} suffixes still unsorted: two radix sorts of u32/u32 pairs on
 * {@code bits(n)} bits (8 passes of 20 bytes per element each for n up to 2^28 with 4-bit digits, plus the count
 * traffic), three gathers of ranks (12 bytes each, random), head flags, the scan (about 12 bytes), the rank scatter and
 * the select (about 20 bytes): roughly 360 bytes per unsorted element and round; when every bucket has at most
 * {@link #MAX_SMALL_BUCKET} suffixes, one insertion-sort launch replaces the two radix sorts (about 60 bytes per
 * element in all). Rounds: about {@code log2(L / k)} for a longest repeated substring of L symbols, except where chain
 * rounds apply: a large round over at least n / 8 suffixes first measures, for every position p, how many of
 * {@code p, p + h, p + 2h, ...} stay in the bucket of p (a max scan in chain order, about 3 passes over n with reads
 * h apart), and when some chain has at least {@link #CHAIN_MIN_LENGTH} steps sorts by (side, chain length, rank after
 * the chain) instead (three radix sorts; see {@code chainRound}): one repeated byte is then sorted in one round.
 *
 * <p><b>Memory</b> on the device: {@link #peakDeviceBytes(int)}: five {@code int[n]} arrays (20 bytes per character;
 * the text travels packed inside the rank array), the radix sort's digit counts (tile-ranked radix sort:
 * {@code 8 * 2^digitBits / (localSize * sortChunk)} bytes per character, 0.125 with the defaults) and the select's
 * chunk totals (about 0.3 bytes): about 20.4 bytes per character. The same arrays live on the Java heap (Aparapi
 * mirrors every buffer), and the result is one of them.
 *
 * <p>Not thread-safe; one builder holds one compiled kernel and its buffers: {@link #close()} releases them.
 */
public final class GpuPrefixDoublingBuilder implements SuffixArrayBuilder, AutoCloseable {
    /** Largest text length: {@code int} suffix array entries and Java arrays. */
    public static final int MAX_LENGTH = Integer.MAX_VALUE - 8;
    /**
     * Largest text length on the device: Aparapi 3.0.2 computes a buffer's size in bytes as an {@code int}
     * (elements times element size in {@code KernelRunner}), so an {@code int[n]} of 2 GiB or more would become a
     * buffer of the wrapped size (a 4 GiB array: 0 bytes). Larger texts would need every array split into pieces
     * under 2 GiB.
     */
    public static final int MAX_DEVICE_LENGTH = Integer.MAX_VALUE / 4;
    /** Default work-group size. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** Default digit width of the radix sorts. */
    public static final int DEFAULT_DIGIT_BITS = 4;
    /**
     * Default elements per work-item of the radix sorts (their tile-ranked algorithm: tiles of
     * {@code localSize * sortChunk} elements in local memory, see {@code DeviceRadixSort.tileLocalBytes}).
     */
    public static final int DEFAULT_SORT_CHUNK = 4;
    /** Rounds whose buckets all have at most this many suffixes sort them by insertion, one work-item per bucket. */
    public static final int MAX_SMALL_BUCKET = 32;
    /** Large rounds look for chains when at least 1 / CHAIN_MIN_SHARE of the suffixes are unsorted. */
    static final int CHAIN_MIN_SHARE = 8;
    /** A chain round (three sorts instead of two) runs when some chain has at least this many steps. */
    static final int CHAIN_MIN_LENGTH = 4;
    /** Elements per work-item of the select. */
    static final int SELECT_CHUNK = 32;
    /** Elements per work-item of the builder's own phases (amortizes the scans' barriers every launch passes). */
    static final int PHASE_ITEMS = 16;
    /** Elements per work-item of the head-index scan. */
    static final int SCAN_ITEMS = 8;

    private final ComputeDevice device;
    private final int localSize;
    private final int digitBits;
    private final int sortChunk;
    private GuardedKernel<PrefixDoublingKernel> launcher;
    private DeviceRadixSort radix;
    private DeviceScan scan;
    private ChunkDriver select;
    private DeviceSegmentedSort segments;
    private int lastRounds;
    private int largeRounds;
    private int chainRounds;
    private ChunkDriver chainReduce;
    private BuildStages lastStages = BuildStages.NONE;
    private BufferCreation bufferCreation = BufferCreation.HOST_POINTER;

    /** A builder on {@code device} (an OpenCL device) with the default geometry. */
    public GpuPrefixDoublingBuilder(ComputeDevice device) {
        this(device, DEFAULT_LOCAL_SIZE, DEFAULT_DIGIT_BITS, DEFAULT_SORT_CHUNK);
    }

    /**
     * A builder with work-groups of {@code localSize}, radix digits of at most {@code digitBits} bits and
     * {@code sortChunk} elements per work-item in the radix sorts.
     *
     * @throws IllegalArgumentException when the device is not OpenCL or the geometry is out of range
     */
    public GpuPrefixDoublingBuilder(ComputeDevice device, int localSize, int digitBits, int sortChunk) {
        if (!device.isOpenCL()) {
            throw new IllegalArgumentException("the GPU suffix array builder needs an OpenCL device, not "
                    + device.describe());
        }
        if (localSize < 1 || digitBits < 1 || digitBits > 8 || sortChunk < 1) {
            throw new IllegalArgumentException("bad geometry: localSize " + localSize + ", digitBits " + digitBits
                    + ", sortChunk " + sortChunk);
        }
        this.device = device;
        this.localSize = localSize;
        this.digitBits = digitBits;
        this.sortChunk = sortChunk;
    }

    @Override
    public String name() {
        return "prefix-doubling-gpu";
    }

    /** The device it builds on. */
    public ComputeDevice device() {
        return device;
    }

    /** Sorting rounds after the initial sort in the last build. */
    public int lastRounds() {
        return lastRounds;
    }

    /** Rounds of the last build that had a bucket of more than {@link #MAX_SMALL_BUCKET} suffixes (radix-sorted). */
    public int lastLargeRounds() {
        return largeRounds;
    }

    /** Large rounds of the last build that sorted by chains. */
    public int lastChainRounds() {
        return chainRounds;
    }

    /**
     * How the device buffers are made from their Java arrays: {@link BufferCreation#HOST_POINTER} by default (the
     * 20 bytes per character of new buffers reach the device about ten times faster than with
     * {@link BufferCreation#COPY}: 0.2 s against 1.9-2.4 s for 100 MB on an H100); tests choose {@code COPY} on PoCL,
     * where host pointers would hide a missing {@code get}. Takes effect before the first build only.
     */
    GpuPrefixDoublingBuilder withBufferCreation(BufferCreation creation) {
        if (launcher != null) {
            throw new IllegalStateException("the kernel is already compiled with " + bufferCreation);
        }
        bufferCreation = creation;
        return this;
    }

    /** Where the wall time of the last build went. */
    public BuildStages lastStages() {
        return lastStages;
    }

    /**
     * Peak device memory of a build of {@code n} characters: five {@code int[n]} arrays, the radix sort's digit counts
     * and offsets, the select's chunk totals and the scan's tile totals.
     */
    public long peakDeviceBytes(int n) {
        long arrays = 5L * 4 * n;
        long tile = (long) localSize * sortChunk;
        long counts = 2L * 4 * (1L << digitBits) * ((n + tile - 1) / tile);
        long selectPartials = 8L * (n / (SELECT_CHUNK - 1) + 2);
        long scanPartials = 4L * (long) DeviceScan.partialsInts(n, 2, localSize * SCAN_ITEMS);
        return arrays + counts + selectPartials + scanPartials + 4 * 256;
    }

    /** {@link #peakDeviceBytes(int)} per character, for large n. */
    public double peakBytesPerCharacter() {
        int n = 1 << 26;
        return (double) peakDeviceBytes(n) / n;
    }

    /**
     * @throws IllegalArgumentException when the text is longer than {@link #MAX_DEVICE_LENGTH} or does not fit the
     *                                  device (checked before anything is allocated)
     */
    @Override
    public int[] build(byte[] text, Progress progress) {
        int n = text.length;
        if (n > MAX_LENGTH) {
            throw new IllegalArgumentException("text of " + n + " bytes exceeds the int suffix array limit "
                    + MAX_LENGTH);
        }
        checkFits(n);
        long t0 = System.nanoTime();
        lastStages = BuildStages.NONE;
        lastRounds = 0;
        largeRounds = 0;
        chainRounds = 0;
        if (n <= 1) {
            progress.report(1.0);
            return new int[n];
        }
        int[] codes = new int[256];
        int sigma = alphabet(text, codes);
        int bits = 32 - Integer.numberOfLeadingZeros(sigma);
        int symbols = 64 / bits;
        PrefixDoublingKernel k = open();
        k.keys = new int[n];
        k.keysAlt = new int[n];
        k.suffixes = new int[n];
        k.suffixesAlt = new int[n];
        k.ranks = packText(text);
        k.symbolCodes = codes;
        k.textLength = n;
        k.packSymbols = symbols;
        k.symbolBits = bits;
        // No put: the first launch creates every buffer from its new array (CL_MEM_COPY_HOST_PTR), and a put would
        // copy each one a second time in the same launch.
        long prepared = System.nanoTime();
        int keyBits = symbols * bits;
        phase(PrefixDoublingKernel.PHASE_INIT_LOW, n);
        long uploaded = System.nanoTime();
        sort(n, Math.min(32, keyBits));
        if (keyBits > 32) {
            phase(PrefixDoublingKernel.PHASE_INIT_HIGH, n);
            sort(n, keyBits - 32);
        }
        phase(PrefixDoublingKernel.PHASE_INIT_HEADS, n);
        int m = settle(n);
        long h = symbols;
        progress.round(0, h, m);
        progress.report(fraction(n, m));
        long initial = System.nanoTime();
        int rankBits = 32 - Integer.numberOfLeadingZeros(n);
        int bucketBits = 32 - Integer.numberOfLeadingZeros(n - 1);
        while (m > 0) {
            if (h >= n) {
                throw new IllegalStateException("prefix doubling did not converge: " + m + " suffixes unsorted at h = "
                        + h + " for n = " + n);
            }
            k.h = (int) h;
            phase(PrefixDoublingKernel.PHASE_ROUND_KEYS, m);
            boolean large = !segments.sortSmallSegments(PrefixDoublingKernel.SLOT, m, k.keys, k.suffixes);
            int longestChain = large && (long) CHAIN_MIN_SHARE * m >= n ? chainLengths(n) : 1;
            if (longestChain >= CHAIN_MIN_LENGTH) {
                chainRound(m, n, longestChain, rankBits, bucketBits);
            } else {
                if (large && (long) CHAIN_MIN_SHARE * m >= n) {
                    phase(PrefixDoublingKernel.PHASE_RANK_AFTER, m); // the chain search overwrote the keys
                }
                if (large) { // some bucket is longer than maxSmall: LSD over the whole working set
                    sort(m, rankBits);
                }
                phase(PrefixDoublingKernel.PHASE_ROUND_BUCKETS, m);
                if (large) {
                    sort(m, bucketBits);
                    largeRounds++;
                }
                phase(PrefixDoublingKernel.PHASE_ROUND_HEADS, m);
            }
            m = settle(m);
            h *= 2;
            lastRounds++;
            progress.round(lastRounds, h, m);
            progress.report(fraction(n, m));
        }
        long rounds = System.nanoTime();
        phase(PrefixDoublingKernel.PHASE_INVERT, n);
        k.get(k.keys);
        int[] sa = k.keys;
        release(k);
        lastStages = new BuildStages(prepared - t0, uploaded - prepared, initial - uploaded, rounds - initial,
                System.nanoTime() - rounds);
        progress.report(1.0);
        return sa;
    }

    /**
     * The chain length of every position into {@code suffixesAlt} (by a max scan over the positions in reversed chain
     * order; overwrites {@code keys} and {@code keysAlt}) and the longest one: the chain length of p is how many of
     * {@code p, p + h, p + 2h, ...} lie in the bucket of p before one does not. About 3 passes over n with reads
     * h apart (uncoalesced), plus a reduce.
     */
    private int chainLengths(int n) {
        PrefixDoublingKernel k = launcher.kernel();
        phase(PrefixDoublingKernel.PHASE_CHAIN_ENDS, n);
        scan.inclusive(PrefixDoublingKernel.OP_CHAIN, 1, n);
        launcher.keepCurrent(k.keysAlt);
        phase(PrefixDoublingKernel.PHASE_CHAIN_PLACE, n);
        chainReduce.reduce(PrefixDoublingKernel.SLOT_CHAIN, n, false, SelectKernel.COMBINE_MAX);
        return (int) chainReduce.lastTotal();
    }

    /**
     * A round that sorts each bucket B by (side, chain length k, rank of the suffix after the chain): a suffix
     * {@code w^k S} (w the h symbols of B, S outside B) sorts by S against B first, then by k (ascending when S is
     * below B, descending when above), then by S. Three LSD radix sorts; afterwards every bucket agrees on at least
     * {@code 2h} symbols, so h doubles as usual, and one repeated letter is sorted in this single round. The chain
     * lengths (in {@code suffixesAlt}, which each sort uses as its ping-pong buffer) are recomputed after each sort.
     */
    private void chainRound(int m, int n, int longestChain, int rankBits, int bucketBits) {
        PrefixDoublingKernel k = launcher.kernel();
        int chainBits = 32 - Integer.numberOfLeadingZeros(longestChain);
        k.chainBits = chainBits;
        k.chainMask = (1 << chainBits) - 1;
        phase(PrefixDoublingKernel.PHASE_CHAIN_AFTER, m);
        sort(m, rankBits);
        chainLengths(n);
        phase(PrefixDoublingKernel.PHASE_CHAIN_SIDE, m);
        sort(m, chainBits + 1);
        phase(PrefixDoublingKernel.PHASE_ROUND_BUCKETS, m);
        sort(m, bucketBits);
        chainLengths(n);
        phase(PrefixDoublingKernel.PHASE_CHAIN_HEADS, m);
        phase(PrefixDoublingKernel.PHASE_ROUND_BUCKETS, m); // the old bucket ranks for the head-index scan
        largeRounds++;
        chainRounds++;
    }

    /** Throws IllegalArgumentException when a build of n characters does not fit the device. */
    void checkFits(int n) {
        Optional<String> why = whyNotFits(n);
        if (why.isPresent()) {
            throw new IllegalArgumentException(why.get());
        }
    }

    /**
     * @param n a text length
     * @return why a build of n characters cannot run on this device (too long for Aparapi's buffer sizes, more than
     *         its memory or its largest allocation), or empty when it fits
     */
    public Optional<String> whyNotFits(int n) {
        if (n > MAX_DEVICE_LENGTH) {
            return Optional.of("a suffix array of " + n + " bytes needs int buffers of " + 4L * n + " bytes; Aparapi"
                    + " keeps a buffer's size in bytes in an int, so this builder takes at most " + MAX_DEVICE_LENGTH
                    + " bytes");
        }
        long need = peakDeviceBytes(n);
        if (n > 1 && need > device.globalMemBytes()) {
            return Optional.of(String.format(java.util.Locale.ROOT,
                    "a suffix array of %d bytes needs %d bytes of device memory (%.1f per character); %s has %d",
                    n, need, (double) need / n, device.describe(), device.globalMemBytes()));
        }
        if (n > 1 && 4L * n > device.maxAllocBytes()) {
            return Optional.of("a suffix array of " + n + " bytes needs buffers of " + 4L * n + " bytes; "
                    + device.describe() + " allocates at most " + device.maxAllocBytes() + " per buffer");
        }
        return Optional.empty();
    }

    private static double fraction(int n, int unsorted) {
        return 0.05 + 0.9 * (1.0 - (double) unsorted / n);
    }

    /**
     * Fills {@code codes} with 1..sigma for the byte values present, in byte order; returns sigma. One parallel pass
     * (all cores) over the text.
     */
    static int alphabet(byte[] text, int[] codes) {
        int chunks = (int) Math.min(1024, (text.length + (1L << 16) - 1) >> 16);
        long[] seen = IntStream.range(0, chunks).parallel().mapToObj(c -> {
            long[] bits = new long[4];
            int from = (int) ((long) text.length * c / chunks);
            int to = (int) ((long) text.length * (c + 1) / chunks);
            for (int i = from; i < to; i++) {
                int v = text[i] & 0xFF;
                bits[v >>> 6] |= 1L << (v & 63);
            }
            return bits;
        }).reduce(new long[4], (a, b) -> new long[] {a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]});
        int sigma = 0;
        for (int v = 0; v < 256; v++) {
            if ((seen[v >>> 6] & (1L << (v & 63))) != 0) {
                codes[v] = ++sigma;
            }
        }
        return sigma;
    }

    /** The text little-endian, four bytes per int, in an {@code int[n]} (the rank array's first use); parallel. */
    static int[] packText(byte[] text) {
        int n = text.length;
        int[] packed = new int[n];
        IntStream.range(0, (n + 3) / 4).parallel().forEach(w -> {
            int word = 0;
            for (int b = 0; b < 4 && 4 * w + b < n; b++) {
                word |= (text[4 * w + b] & 0xFF) << (b << 3);
            }
            packed[w] = word;
        });
        return packed;
    }

    /**
     * New ranks from the head flags in {@code keysAlt} and the old bucket ranks in {@code keys}: the head-index scan
     * writes them to {@code suffixesAlt}, they are scattered to {@code ranks}, and the suffixes of buckets with more
     * than one suffix are selected into {@code suffixesAlt}. Returns how many.
     */
    private int settle(int m) {
        PrefixDoublingKernel k = launcher.kernel();
        scan.inclusive(PrefixDoublingKernel.OP_MAX2, 2, m);
        launcher.keepCurrent(k.suffixesAlt);
        phase(PrefixDoublingKernel.PHASE_SCATTER_RANKS, m);
        launcher.keepCurrent(k.ranks);
        phase(PrefixDoublingKernel.PHASE_KEEP_FLAGS, m);
        launcher.keepCurrent(k.keysAlt);
        select.selectFlagged(PrefixDoublingKernel.SLOT, m, false, false);
        launcher.keepCurrent(k.suffixesAlt);
        return (int) select.lastTotal();
    }

    /** Stable sort of the first {@code count} (keys, suffixes) pairs on key bits {@code [0, bits)}. */
    private void sort(int count, int bits) {
        PrefixDoublingKernel k = launcher.kernel();
        radix.sortU32(PrefixDoublingKernel.SLOT, count, 0, bits, k.keys, k.keysAlt, k.suffixes, k.suffixesAlt);
    }

    private void phase(int phase, int count) {
        PrefixDoublingKernel k = launcher.kernel();
        k.phase = phase;
        k.count = count;
        k.perItem = PHASE_ITEMS;
        long perGroup = (long) launcher.localSize() * PHASE_ITEMS;
        try {
            launcher.launch((int) ((count + perGroup - 1) / perGroup));
        } finally {
            k.phase = PrefixDoublingKernel.PHASE_NONE;
        }
        launcher.keepCurrent(k.keys);
        launcher.keepCurrent(k.keysAlt);
        launcher.keepCurrent(k.suffixes);
        launcher.keepCurrent(k.suffixesAlt);
        launcher.keepCurrent(k.ranks);
    }

    private PrefixDoublingKernel open() {
        if (launcher == null) {
            launcher = new GuardedKernel<>(new PrefixDoublingKernel(), device, localSize, bufferCreation);
            radix = new DeviceRadixSort(launcher, digitBits, sortChunk);
            scan = new DeviceScan(launcher, SCAN_ITEMS);
            select = new ChunkDriver(launcher, SELECT_CHUNK);
            segments = new DeviceSegmentedSort(launcher, radix, MAX_SMALL_BUCKET);
            chainReduce = new ChunkDriver(launcher, SELECT_CHUNK);
        }
        return launcher.kernel();
    }

    /** Drops the builder's references to the build's arrays (the result stays with the caller). */
    private static void release(PrefixDoublingKernel k) {
        k.keys = new int[1];
        k.keysAlt = new int[1];
        k.suffixes = new int[1];
        k.suffixesAlt = new int[1];
        k.ranks = new int[1];
    }

    /** Releases the compiled kernel and its device buffers. */
    @Override
    public void close() {
        if (launcher != null) {
            launcher.close();
            launcher = null;
        }
    }
}
