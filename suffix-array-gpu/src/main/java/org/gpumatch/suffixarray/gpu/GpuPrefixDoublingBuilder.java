package org.gpumatch.suffixarray.gpu;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.gpumatch.gpu.primitives.GridDriver;
import org.gpumatch.gpu.primitives.GridKernel;
import org.gpumatch.gpu.runtime.ArrayMobility;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.suffixarray.BuildStages;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.StageSpan;
import org.gpumatch.suffixarray.SuffixArrayBuilder;

/**
 * Suffix array construction on an OpenCL device by prefix doubling (the thesis' Algorithm 3, with finished suffixes
 * dropped from later rounds), on gpu-core's primitives inside one pipeline kernel ({@link PrefixDoublingKernel}),
 * for texts up to {@link #MAX_LENGTH} bytes (longer than {@link #MAX_WHOLE_LENGTH}: partitioned, below). Same order
 * as {@link SaisBuilder}: unsigned bytes, a proper prefix first, no sentinel.
 *
 * <p><b>Algorithm.</b> Every suffix {@code i} carries a rank: the SA position of the first suffix of its bucket
 * (suffixes equal on the first {@code h} symbols, a suffix that ends within them unique). Initial sort: symbols get
 * codes {@code 1..sigma} (the text's alphabet, 0 past the end, {@code b = bits(sigma)} bits each) and the first
 * {@code k = 64 / b} codes of each suffix form a 64-bit key ({@code k} = 7 for bytes, 21 for DNA, 64 for one
 * repeated byte), sorted as (u32 low word, suffix) and then stably (u32 high word, suffix) pairs on only the
 * {@code k * b} bits that can differ; {@code h = k}. Then rounds until no bucket has two suffixes: the working set
 * (the suffixes of unsorted buckets, kept in SA order) is sorted within each bucket by the rank of {@code i + h} (plus
 * one; 0 past the end, so a shorter suffix comes first): by insertion when every bucket has at most
 * {@link #MAX_SMALL_BUCKET} suffixes, by the grid's segmented sort when the buckets over a quarter tile hold at most
 * {@code 1 / SEGMENT_CAPACITY_SHARE} of the working set, else by LSD (the grid's u32/u32 radix sort by the key, then
 * stably by the bucket's rank); head flags mark where the bucket or the key changes; a two-lane max scan (the
 * kernel's own) gives each element the index of its new head and of its old bucket's first element, hence its new
 * rank (old rank plus the offset); one launch scatters the ranks and flags the elements of buckets with more than one
 * suffix, which the grid's select keeps (with a head bit), and {@code h} doubles. Finally {@code SA[rank[i]] = i}.
 *
 * <p><b>Cost per round</b> over the {@code m} suffixes still unsorted: LSD two radix sorts of u32/u32 pairs on
 * {@code bits(n)} bits (4 passes of 20 bytes per element each with 8-bit digits), a gather of ranks for the keys and
 * two for the heads (random), the max scan (about 20 bytes), the rank scatter and the select (about 28 bytes):
 * roughly 220 bytes per unsorted element and 36 launches; segmented: the grid's one local-memory launch over all and
 * 32 bytes per pass over the large buckets' elements (31 launches); all buckets small: one insertion-sort launch
 * (about 70 bytes per element, 10 launches). One explicit download per round (the select's count; a segmented round
 * one more), plus GuardedKernel's download of the kernel's small arrays after each launch (3 in a one-piece build). Rounds: about {@code log2(L / k)} for a longest repeated substring of L symbols, except where chain
 * rounds apply: a large round over at least n / 8 suffixes first measures, for every position p, how many of
 * {@code p, p + h, p + 2h, ...} stay in the bucket of p (a max scan in chain order, about 3 passes over n with reads
 * h apart), and when some chain has at least {@link #CHAIN_MIN_LENGTH} steps sorts by (side, chain length, rank after
 * the chain) instead (three radix sorts; see {@code chainRound}): one repeated byte is then sorted in one round. After
 * a measurement that found too few chains, a later large round measures again only when its keys' launch counted at
 * least half its suffixes one chain step long ({@link #CHAIN_STEPS_SHARE}, from one suffix in 16: one gather more
 * per sampled suffix in those rounds), as a text whose period divides that round's h has them.
 *
 * <p><b>Whole and partitioned builds.</b> Texts up to {@link #wholeLimit()} bytes ({@link #MAX_WHOLE_LENGTH},
 * 536,870,911, by default) are built whole, as above. Longer texts, up to {@link #MAX_LENGTH} (2,147,483,639), are
 * partitioned, because no device buffer may reach 2 GiB (Aparapi 3.0.2 keeps a buffer's size in bytes in an
 * {@code int}): the suffixes are split by their first two bytes into partitions of consecutive SA ranges of at most
 * {@link #partitionCapacity()} suffixes ({@code SuffixPartitions}: a parallel histogram on the host, refusing a text
 * in which more suffixes than that start with the same two bytes, before anything is allocated on the device); the
 * device writes each partition's positions into its segment of a "stash" from the packed text and the partition of
 * each bin (counts per range of 4096 positions and partition, their scan, the writes: {@link DoublingRounds}, since
 * 2026-11-29 k; the host had written them, 0.7-2.3 s for 1 GiB). Only the arrays indexed by text or SA position are
 * n-sized, split into pieces of {@code 2^28} ints (ranks and stash; the packed text has its own {@code n / 4} ints);
 * the working arrays of the sorts, scans and selects are sized to the largest partition. Each partition gets its
 * initial sort (ranks = its SA start plus the head's index), and then the rounds run in lockstep: round r (h to 2h)
 * processes partition 0, 1, ... in turn (load its unsorted suffixes from the stash, the same round as a whole build,
 * store them back when another partition needs the working arrays), then h doubles. That is correct because ranks are
 * first SA positions of buckets: a rank an earlier partition already refined in this round is finer than h, which
 * still orders suffix {@code s + h} correctly (ranks of different partitions lie in disjoint SA ranges, and within a
 * partition all ranks have the same precision); finishing one partition before the next would not be (the others'
 * ranks would be only as precise as their initial sort). Chain rounds need arrays of n working elements and are not
 * run in partitioned builds: periodic texts there take plain rounds ({@code log2} of the longest repeat), and one
 * repeated byte is refused by the capacity anyway. Finally {@code SA[rank(i)] = i} goes into the stash pieces, which
 * are downloaded and joined on the host.
 *
 * <p><b>Memory</b> on the device: {@link #peakDeviceBytes(int)}. Whole builds: five {@code int[n]} arrays (20 bytes
 * per character; the text travels packed inside the rank pieces), the segmented sort's composites for a sixteenth of
 * them (1 byte), the max scan's levels (0.5) and the grid's fixed buffers: about 22.0 bytes per character.
 * Partitioned builds: ranks and stash (8
 * bytes per character), the packed text (1), and 16.8 bytes per suffix of the largest partition (at most
 * {@link #DEFAULT_PARTITION_CAPACITY} = 2^28 by default, so at most 4.2 GiB): {@code 9n + 16.8 P}, e.g. at most
 * 13.2 bytes per character (14.2 GB) for 1 GiB of text and 11.1 for 2^31 - 9 bytes. The same arrays live on the
 * Java heap (Aparapi mirrors every buffer); a whole build returns one of them, a partitioned one joins the stash
 * pieces into a new {@code int[n]} (4n more).
 *
 * <p><b>Cost of a partitioned build</b> beyond a whole one: one parallel pass over the text on the host (the bin
 * counts of the plan), the stash positions on the device (two passes of each range of 4096 positions per partition
 * and a scan, 4 bytes written per position); per partition and round, the launches of a round on its working
 * set (so a few hundred more launches per round when there are several partitions) and, when the working arrays
 * switch partitions, 8 bytes per unsorted suffix to store and load it; the final inverse writes into pieces. Ranks and
 * stash entries are read through a chain of conditions on the piece number ({@code p >>> 28}), one uniform branch in
 * a one-piece build.
 *
 * <p><b>Reuse.</b> After a whole build the builder keeps four of its five arrays (keysAlt, suffixes, suffixesAlt and
 * the rank pieces: 16n bytes on the heap and on the device), still bound to the kernel; a later whole build of at most
 * as many bytes uses them again (the packed text reaches the kept rank pieces by one upload; every other kept array
 * is written on the device before it is read), so it allocates and zeroes only its result, {@code int[n]}; a longer
 * text or a partitioned build drops them first. The result is never kept (it is the caller's; exactly n long, copied
 * out when the kept arrays are longer). A caller that builds into its own array ({@link #build(byte[], int[],
 * Progress)}, as libdivsufsort's callers do) has the keys array kept from its first build on, and from the second
 * build on nothing n-sized is allocated at all. A partitioned build into the caller's array keeps all its arrays too
 * (working arrays as long as the largest partition any text of n may have, rank and stash pieces, packed text:
 * {@code 9n + 16 P} bytes on the heap and on the device), and a later partitioned build they hold packs its text into
 * them, which a put brings to the device (the device writes the stash); a partitioned build into a new array lets
 * them go before it allocates that array.
 *
 * <p>Not thread-safe; one builder holds up to two compiled kernels ({@link PrefixDoublingKernel} for one-piece builds,
 * {@link PieceDoublingKernel} for partitioned and longer whole ones, each compiled on first use), their buffers and the
 * kept arrays: {@link #close()} releases them.
 */
public final class GpuPrefixDoublingBuilder implements SuffixArrayBuilder {
    /** Largest text length: {@code int} suffix array entries and Java arrays (2,147,483,639). */
    public static final int MAX_LENGTH = Integer.MAX_VALUE - 8;
    /**
     * Largest text built whole, as one partition (536,870,911): its four working arrays hold n ints each, and Aparapi
     * 3.0.2 computes a buffer's size in bytes as an {@code int} (elements times element size in
     * {@code KernelRunner}), so a buffer of 2 GiB or more would wrap (a 4 GiB array: 0 bytes). Longer texts are
     * partitioned, their position-indexed arrays split into pieces.
     */
    public static final int MAX_WHOLE_LENGTH = Integer.MAX_VALUE / 4;
    /** Default piece size of the position-indexed arrays: {@code 2^28} ints (1 GiB), at most 8 pieces. */
    public static final int DEFAULT_PIECE_SHIFT = 28;
    /**
     * Default capacity of a partition, in suffixes: {@code 2^28}, so the working set of a partitioned build takes at
     * most 4 GiB (16 bytes per suffix of the largest partition).
     */
    public static final int DEFAULT_PARTITION_CAPACITY = 1 << 28;
    /** Default work-group size (tiles of the grid's primitives: 16 elements per work-item). */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** Rounds whose buckets all have at most this many suffixes sort them by insertion, one work-item per bucket. */
    public static final int MAX_SMALL_BUCKET = PrefixDoublingKernel.MAX_SMALL;
    /**
     * Large rounds use the grid's segmented sort when at most {@code 1 / SEGMENT_CAPACITY_SHARE} of the working size
     * lies in buckets over a quarter tile (its large path takes 16 bytes per such suffix: 1 byte per character at
     * 16), else LSD over all. On the H200 (2026-11-25, 100 MB of source code) a share of 4 (4 bytes per character)
     * sent rounds 4 to 10 through the segmented sort at the same device time as LSD (359 against 363 ms), so the
     * reservation is kept small: segmented rounds are those with a few large buckets among many small ones.
     */
    static final int SEGMENT_CAPACITY_SHARE = 16;
    /** Large rounds look for chains when at least 1 / CHAIN_MIN_SHARE of the suffixes are unsorted. */
    static final int CHAIN_MIN_SHARE = 8;
    /**
     * A chain round (three sorts instead of two) runs when some chain has at least this many steps and at least
     * {@code 1 / CHAIN_MIN_CHAINED_SHARE} of the round's unsorted suffixes lie in such chains.
     */
    static final int CHAIN_MIN_LENGTH = 4;
    /**
     * A chain round needs at least {@code m / CHAIN_MIN_CHAINED_SHARE} positions in chains of {@link #CHAIN_MIN_LENGTH}
     * steps (m: the round's unsorted suffixes); a measurement that finds fewer ends the measuring for the build. Source
     * code has runs (spaces, separator lines, zeros) whose chains are long but few: on the H200 (2026-11-28 f, 100 MB
     * of Linux source) it took four chain rounds and four measurements, 77 ms of chain phases of 248 ms on the device,
     * and still 12 rounds; one repeated byte and periods dividing h have nearly every suffix chained.
     */
    static final int CHAIN_MIN_CHAINED_SHARE = 8;
    /**
     * After a measurement missed, a large round measures chains again only when at least
     * {@code m / CHAIN_STEPS_SHARE} of its unsorted suffixes have {@code s + h} in their own bucket (counted by its
     * keys' launch, {@link PrefixDoublingKernel#countSelfChains}): a period that divides this h has nearly all of them;
     * overlap-free texts (Thue-Morse) have squares but no long chains, and stay under it.
     */
    static final int CHAIN_STEPS_SHARE = 2;
    /**
     * The first measurement too needs its round's keys to show chain steps, but fewer: at least
     * {@code m / CHAIN_FIRST_STEPS_SHARE} of the sampled suffixes with {@code s + h} in their own bucket (a chain round
     * needs an eighth of the suffixes in chains of {@link #CHAIN_MIN_LENGTH} steps, each of whose first steps is one).
     * Source code has fewer at its first large round, so it no longer pays a measurement that finds nothing.
     */
    static final int CHAIN_FIRST_STEPS_SHARE = 16;
    /** Elements per work-item of the builder's own phases (strided by the launch's work-items: coalesced). */
    static final int PHASE_ITEMS = 16;
    /** Smallest piece shift (pieces of 16 ints; tests use small pieces to cross piece boundaries). */
    static final int MIN_PIECE_SHIFT = 4;

    private final ComputeDevice device;
    private final int localSize;
    private final int maxGroups;
    /** The radix sort's grid, in work-groups of {@link GridDriver#SORT_LOCAL_SIZE} (or the kernel's when smaller). */
    private final int sortMaxGroups;
    private final int pieceShift;
    private final int wholeMax;
    private final int partCapacity;
    /** The device memory of a build and whether it fits. */
    private final DoublingMemoryPlan memory;
    /** The kernel of the current build and its grid driver: one of the two below. */
    private GuardedKernel<PrefixDoublingKernel> launcher;
    /** The one-piece kernel (whole builds up to {@code 2^pieceShift} bytes) and the piece kernel, each when used. */
    private GuardedKernel<PrefixDoublingKernel> leanLauncher;
    private GridDriver leanGrid;
    private GuardedKernel<PrefixDoublingKernel> piecedLauncher;
    private GridDriver piecedGrid;
    /** The compile {@link #prepare} started, or null (close waits for it). */
    private CompletableFuture<GuardedKernel<PrefixDoublingKernel>> preparedCompile;
    private int lastPartitions;
    /** What the last build did on the device (rounds, launches, downloads, device time). */
    private DoublingCounters counters = new DoublingCounters();
    private BuildStages lastStages = BuildStages.NONE;
    /** The stages of the last build and of the {@link #prepare} before it (threads of their own add to it). */
    private final java.util.List<StageSpan> spans = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Whether {@link #prepare} began the spans of the next build (the build then keeps them). */
    private boolean spansPrepared;
    private BufferCreation bufferCreation = BufferCreation.HOST_POINTER;
    /** The Java arrays of a build: kept from the last whole build, prepared, or new. */
    private final DoublingHostArrays hostArrays;
    /** Whether the last build used arrays {@link #prepare} allocated (for tests). */
    private boolean lastPrepared;
    /** Whether the last build used kept arrays (for tests). */
    private boolean lastReused;

    /** A builder on {@code device} (an OpenCL device) with the default geometry. */
    public GpuPrefixDoublingBuilder(ComputeDevice device) {
        this(device, DEFAULT_LOCAL_SIZE, 0);
    }

    /**
     * A builder with work-groups of {@code localSize} and a grid of at most {@code maxGroups} work-groups for the
     * grid's primitives (0: {@link GridDriver#GROUPS_PER_COMPUTE_UNIT} per compute unit, and the radix sort's grid
     * {@link GridDriver#SORT_GROUPS_PER_COMPUTE_UNIT}; otherwise the sort's grid has as many work-items; tests use
     * small grids so that small texts cross many tile and grid ranges).
     *
     * @throws IllegalArgumentException when the device is not OpenCL or the geometry is out of range
     */
    public GpuPrefixDoublingBuilder(ComputeDevice device, int localSize, int maxGroups) {
        this(device, localSize, maxGroups, DEFAULT_PIECE_SHIFT, MAX_WHOLE_LENGTH, DEFAULT_PARTITION_CAPACITY);
    }

    /**
     * A builder with its own partitioning, for tests that cross piece and partition boundaries at small n.
     *
     * @param pieceShift   position-indexed arrays are split into pieces of {@code 2^pieceShift} ints
     *                     ({@link #MIN_PIECE_SHIFT}..{@link #DEFAULT_PIECE_SHIFT}; at most
     *                     {@link PrefixDoublingKernel#MAX_PIECES} pieces, so n is at most {@code 8 << pieceShift})
     * @param wholeMax     texts up to this length are built whole (1..{@link #MAX_WHOLE_LENGTH}), longer ones
     *                     partitioned
     * @param partCapacity the most suffixes of one partition (1..{@link #MAX_WHOLE_LENGTH})
     * @throws IllegalArgumentException when the device is not OpenCL or a parameter is out of range
     */
    GpuPrefixDoublingBuilder(ComputeDevice device, int localSize, int maxGroups, int pieceShift, int wholeMax,
                             int partCapacity) {
        if (!device.isOpenCL()) {
            throw new IllegalArgumentException("the GPU suffix array builder needs an OpenCL device, not "
                    + device.describe());
        }
        if (localSize < 1 || maxGroups < 0) {
            throw new IllegalArgumentException("bad geometry: localSize " + localSize + ", maxGroups " + maxGroups);
        }
        if (pieceShift < MIN_PIECE_SHIFT || pieceShift > DEFAULT_PIECE_SHIFT || wholeMax < 1
                || wholeMax > MAX_WHOLE_LENGTH || partCapacity < 1 || partCapacity > MAX_WHOLE_LENGTH) {
            throw new IllegalArgumentException("bad partitioning: pieceShift " + pieceShift + ", wholeMax " + wholeMax
                    + ", partCapacity " + partCapacity);
        }
        this.device = device;
        this.localSize = localSize;
        this.maxGroups = maxGroups > 0 ? maxGroups
                : GridDriver.GROUPS_PER_COMPUTE_UNIT * Math.max(1, device.computeUnits());
        this.sortMaxGroups = maxGroups > 0 ? GridDriver.sortGroupsLike(maxGroups, localSize)
                : GridDriver.SORT_GROUPS_PER_COMPUTE_UNIT * Math.max(1, device.computeUnits());
        this.pieceShift = pieceShift;
        this.wholeMax = wholeMax;
        this.partCapacity = partCapacity;
        this.memory = new DoublingMemoryPlan(device, localSize, Math.max(this.maxGroups, sortMaxGroups), pieceShift,
                wholeMax, partCapacity);
        this.hostArrays = new DoublingHostArrays(pieceShift, spans);
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
        return counters.rounds;
    }

    /** Rounds of the last build that had a bucket of more than {@link #MAX_SMALL_BUCKET} suffixes (radix-sorted). */
    public int lastLargeRounds() {
        return counters.largeRounds;
    }

    /**
     * Launches of the last build: entry 0 the initial sort (of every partition), entry r round r; each launch is
     * followed by GuardedKernel's download of the kernel's small movable arrays ({@link #smallArraysPerLaunch()}).
     */
    public int[] lastLaunchesPerRound() {
        return counters.roundLaunches.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Explicit blocking downloads of the last build: one per settle (the select's count), plus the result. */
    public int lastExplicitDownloads() {
        return counters.explicitDownloads;
    }

    /** Device time of the last build's launches (OpenCL profiling), or -1 when profiling was off. */
    public long lastDeviceNanos() {
        return counters.deviceNanos;
    }

    /**
     * The last build's device time by step, in the order the steps first ran: {@code "radix sort"},
     * {@code "segmented sort"}, {@code "select"} (the grid's primitives) and the builder's own phases by name (e.g.
     * {@code "round keys"}, {@code "max scan down"}), each as {@code {nanoseconds, launches}}; empty when profiling
     * was off.
     */
    public java.util.Map<String, long[]> lastDeviceNanosBySteps() {
        java.util.Map<String, long[]> copy = new java.util.LinkedHashMap<>();
        counters.deviceBySteps.forEach((k, v) -> copy.put(k, v.clone()));
        return copy;
    }

    /**
     * The kernel's bound arrays small enough for the collector to move ({@link ArrayMobility}), which GuardedKernel
     * downloads after every launch: the unused pieces and text ({@code int[1]} placeholders), the state, the grid's
     * result (0 before the first build).
     */
    public int smallArraysPerLaunch() {
        if (launcher == null) {
            return 0;
        }
        int small = 0;
        for (Class<?> c = launcher.kernel().getClass(); c != GridKernel.class.getSuperclass(); c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.isAnnotationPresent(com.aparapi.Kernel.Constant.class)
                        || f.isAnnotationPresent(com.aparapi.Kernel.Local.class)) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    Object a = f.get(launcher.kernel());
                    long bytes = a instanceof int[] ints ? 4L * ints.length : a instanceof long[] longs
                            ? 8L * longs.length : -1;
                    small += bytes >= 0 && ArrayMobility.mayMove(bytes) ? 1 : 0;
                } catch (IllegalAccessException | RuntimeException e) {
                    throw new IllegalStateException("cannot read kernel field " + f, e);
                }
            }
        }
        return small;
    }

    /**
     * Large rounds of the last build sorted by the grid's segmented sort (buckets up to a quarter tile in local memory,
     * only larger ones radix-sorted) rather than LSD over the whole working set.
     */
    public int lastSegmentedRounds() {
        return counters.segmentedRounds;
    }

    /** Elements of the last build's segmented sorts that took their large path (radix-sorted), summed over rounds. */
    public long lastSegmentedLargeElements() {
        return counters.segmentedLarge;
    }

    /** Large rounds of the last build that sorted by chains. */
    public int lastChainRounds() {
        return counters.chainRounds;
    }

    /** Rounds of the last build that measured chain lengths (each about four passes over n) to decide on a chain round. */
    public int lastChainMeasurements() {
        return counters.chainMeasurements;
    }

    /**
     * How the device buffers are made from their Java arrays: {@link BufferCreation#HOST_POINTER} by default (the
     * 20 bytes per character of new buffers reach the device about ten times faster than with
     * {@link BufferCreation#COPY}: 0.2 s against 1.9-2.4 s for 100 MB on an H100); tests choose {@code COPY} on PoCL,
     * where host pointers would hide a missing {@code get}. Takes effect before the first build only.
     */
    GpuPrefixDoublingBuilder withBufferCreation(BufferCreation creation) {
        if (leanLauncher != null || piecedLauncher != null) {
            throw new IllegalStateException("the kernel is already compiled with " + bufferCreation);
        }
        bufferCreation = creation;
        return this;
    }

    /**
     * Starts the one-piece kernel's compile (when not compiled yet) and the allocation of a whole build's host arrays
     * for {@code length} bytes (when the kept ones do not serve) on threads of their own; for texts built whole in one
     * piece only (up to {@code 2^pieceShift} bytes), and only when they fit the device.
     */
    @Override
    public void prepare(long length) {
        if (length < 2 || length > wholeMax || length > 1L << pieceShift || whyNotFits((int) length).isPresent()) {
            return;
        }
        int n = (int) length;
        spans.clear();
        spansPrepared = true;
        preparedCompile = kernelOpening(false);
        hostArrays.prepare(n);
    }

    /** Where the wall time of the last build went. */
    @Override
    public BuildStages lastStages() {
        return lastStages;
    }

    /**
     * The last build's stages (alphabet, host arrays, pack text, wait for kernel, upload, initial sort, rounds,
     * inverse and download) and those beside it on threads of their own (the kernel's compile, the host arrays
     * {@link #prepare} allocated), in the order they began.
     */
    @Override
    public java.util.List<StageSpan> lastSpans() {
        return spans.stream().sorted(java.util.Comparator.comparingLong(StageSpan::startNanos)).toList();
    }

    /**
     * Partitions of the last build: 1 for a whole build (texts up to {@link #wholeLimit()} bytes), more for a
     * partitioned one, 0 for texts under 2 bytes.
     */
    public int lastPartitions() {
        return lastPartitions;
    }

    /** Texts up to this length are built whole ({@link #MAX_WHOLE_LENGTH} by default), longer ones partitioned. */
    public int wholeLimit() {
        return wholeMax;
    }

    /** The most suffixes of one partition of a partitioned build ({@link #DEFAULT_PARTITION_CAPACITY} by default). */
    public int partitionCapacity() {
        return partCapacity;
    }

    /**
     * Peak device memory of a build of {@code n} characters. Whole builds (n up to {@link #wholeLimit()}): four
     * working {@code int[n]} arrays and the ranks ({@code 20n}, the text packed inside the ranks). Partitioned builds:
     * the ranks and the stash ({@code 4n} each, in pieces), the packed text ({@code n}) and four working arrays of
     * the largest partition, bounded by {@link #partitionCapacity()} ({@code 16} bytes per suffix): {@code 9n + 16 P}.
     * Plus, on the working size, the radix sort's digit counts and offsets, the select's chunk totals and the scan's
     * tile totals.
     */
    @Override
    public long peakDeviceBytes(int n) {
        return memory.peakDeviceBytes(n);
    }

    /** The part of {@link #peakDeviceBytes} independent of the text's length: the grid's buffers, the symbol codes. */
    long fixedDeviceBytes() {
        return memory.fixedDeviceBytes();
    }

    /** {@link #peakDeviceBytes(int)} per character of a whole build, for large n (about 22, fixed buffers included). */
    public double peakBytesPerCharacter() {
        int n = Math.min(1 << 26, wholeMax);
        return (double) peakDeviceBytes(n) / n;
    }

    /**
     * @throws IllegalArgumentException when the text is longer than {@link #MAX_LENGTH}, does not fit the device, or
     *                                  (over {@link #wholeLimit()} bytes) cannot be partitioned because more than
     *                                  {@link #partitionCapacity()} suffixes start with the same two bytes; all checked
     *                                  before anything is allocated on the device
     */
    @Override
    public int[] build(byte[] text, Progress progress) {
        return buildInto(text, null, progress);
    }

    /**
     * Downloads into the caller's array: a whole build copies its keys array into {@code sa} and keeps the keys array
     * with the others for the next build (so no build after the first allocates an n-sized array), a partitioned one
     * joins its stash pieces into {@code sa}.
     *
     * @throws IllegalArgumentException as {@link #build(byte[], Progress)}, or if {@code sa} is shorter than the text
     */
    @Override
    public int[] build(byte[] text, int[] sa, Progress progress) {
        SuffixArrayBuilder.requireRoom(text, sa);
        return buildInto(text, sa, progress);
    }

    /** {@link #build(byte[], int[], Progress)} into {@code into}, or into a new array when it is null. */
    private int[] buildInto(byte[] text, int[] into, Progress progress) {
        int n = text.length;
        checkFits(n); // the length limit first, then the device's memory
        long t0 = System.nanoTime();
        if (!spansPrepared) {
            spans.clear();
        }
        spansPrepared = false;
        lastStages = BuildStages.NONE;
        counters = new DoublingCounters();
        lastPartitions = n <= 1 ? 0 : 1;
        if (n <= 1) {
            progress.report(1.0);
            int[] sa = into != null ? into : new int[n];
            if (n == 1) {
                sa[0] = 0;
            }
            return sa;
        }
        boolean pieced = n > wholeMax || IntPieces.count(n, pieceShift) > 1;
        CompletableFuture<GuardedKernel<PrefixDoublingKernel>> opening = kernelOpening(pieced);
        try {
            return buildWith(text, into, progress, opening, pieced, t0);
        } finally {
            opening.handle((k, e) -> k).join(); // a refused text leaves no compile running (close() would miss it)
        }
    }

    private int[] buildWith(byte[] text, int[] into, Progress progress,
                            CompletableFuture<GuardedKernel<PrefixDoublingKernel>> opening, boolean pieced, long t0) {
        int n = text.length;
        boolean whole = n <= wholeMax;
        long mark = System.nanoTime();
        SuffixPartitions plan = whole ? SuffixPartitions.whole(n) : SuffixPartitions.plan(text, partCapacity);
        boolean reuse = whole ? hostArrays.keptServe(n, pieced) : hostArrays.keptServePartitioned(n, plan.largest());
        if (!reuse && hostArrays.hasKept()) { // the old arrays may go before the new ones are allocated
            release((hostArrays.keptPieced() ? piecedLauncher : leanLauncher).kernel());
        }
        // The n-sized arrays are allocated on threads of their own: a whole build's from now on, beside its alphabet;
        // a partitioned build's after its plan, beside the stash positions and the packing. Not beside the plan: on
        // the H200 host the plan of 1 GiB took 1.5-2.3 s instead of 0.3 s while 13 GB were allocated (first-touch
        // page faults, 25 s of system time), and the build as a whole was slower (6.3-7.1 s against 5.3-6.3 s).
        DoublingHostArrays.Pending pending = null;
        CompletableFuture<int[][]> stashing = null;
        CompletableFuture<int[]> packing = null;
        int[] codes = new int[256];
        int sigma;
        SuffixPartitions parts = plan;
        if (whole) {
            pending = hostArrays.begin(n, reuse, pieced, into);
            pending.startWorking(n);
            sigma = PackedText.alphabet(text, codes);
            spans.add(StageSpan.until("alphabet", mark));
        } else {
            // a partitioned build on kept arrays packs its text into them (the device writes the stash); else new ones
            stashing = reuse ? CompletableFuture.completedFuture(hostArrays.keptStash())
                    : IntPieces.allocateAsync(n, pieceShift); // first: the stash positions wait for it
            packing = reuse ? CompletableFuture.completedFuture(hostArrays.keptWords())
                    : IntPieces.arrayAsync((int) ((n + 3L) / 4));
            pending = hostArrays.begin(n, reuse, pieced, null);
            // a build into the caller's array keeps its arrays: working arrays as long as any partition of n may be
            // (the memory plan's), so that the next text's partitions fit them too
            pending.startWorking(into != null ? (int) memory.workingSize(n) : parts.largest());
            sigma = parts.alphabet(codes);
            spans.add(StageSpan.until("partition plan, alphabet", mark));
        }
        int bits = 32 - Integer.numberOfLeadingZeros(sigma);
        int symbols = 64 / bits;
        lastPartitions = parts.partitions();
        int[][] stash = new int[0][];
        int[] words = null;
        mark = System.nanoTime();
        if (!whole) { // the packed text first: the other arrays may still be on their way (the device writes the stash)
            words = IntPieces.await(packing);
            PackedText.pack(text, new int[][] {words}, 30);
            spans.add(StageSpan.until("pack text", mark));
            mark = System.nanoTime();
            stash = IntPieces.await(stashing);
            spans.add(StageSpan.until("wait for stash arrays", mark));
        }
        DoublingHostArrays.Taken arrays = pending.take();
        lastReused = arrays.reused();
        lastPrepared = arrays.prepared();
        // a reused build packs into its keys array (the kept ranks' buffers keep the last build's ranks; a launch
        // copies the words over), a new one into its ranks (until the first rank scatter)
        int textWordsInKeys = whole && arrays.reused() ? (int) ((n + 3L) / 4) : 0;
        if (whole) {
            mark = System.nanoTime();
            if (textWordsInKeys > 0) {
                PackedText.pack(text, new int[][] {arrays.working()[0]}, 30);
            } else {
                PackedText.pack(text, arrays.rankPieces(), pieceShift);
            }
            spans.add(StageSpan.until("pack text", mark));
        }
        mark = System.nanoTime();
        launcher = IntPieces.await(opening); // its compile failure rethrown as it was thrown
        spans.add(StageSpan.until("wait for kernel", mark));
        GridDriver grid = pieced ? piecedGrid : leanGrid;
        PrefixDoublingKernel k = bind(launcher.kernel(), grid, arrays, stash, words, parts, codes, bits, n);
        long prepared = System.nanoTime();
        DoublingRounds rounds = new DoublingRounds(launcher, grid, parts, whole, counters, textWordsInKeys);
        long m = rounds.initialSorts(symbols * bits);
        long uploaded = rounds.firstLaunchEnd();
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
            m = rounds.round(h, rankBits, bucketBits);
            h *= 2;
            progress.round(counters.rounds, h, m);
            progress.report(fraction(n, m));
        }
        long sorted = System.nanoTime();
        rounds.invert(n);
        int[] sa = whole ? downloadWhole(k, n, pieced, arrays, into) : downloadJoined(k, n, into, arrays, stash, words);
        long end = System.nanoTime();
        lastStages = new BuildStages(prepared - t0, uploaded - prepared, initial - uploaded, sorted - initial,
                end - sorted);
        spans.add(new StageSpan("upload (first launch)", prepared, uploaded, false));
        spans.add(new StageSpan("initial sort", uploaded, initial, false));
        spans.add(new StageSpan("rounds (" + counters.rounds + ")", initial, sorted, false));
        spans.add(new StageSpan(whole ? "inverse, download" : "inverse, download, join", sorted, end, false));
        progress.report(1.0);
        return sa;
    }

    /**
     * Binds a build's arrays and parameters to the kernel: the working arrays, scan levels, rank pieces and (a
     * partitioned build) the stash pieces and packed text, the symbol codes and the packing of the initial keys.
     */
    private PrefixDoublingKernel bind(PrefixDoublingKernel k, GridDriver grid, DoublingHostArrays.Taken arrays,
                                      int[][] stash, int[] words, SuffixPartitions parts, int[] codes, int bits,
                                      int n) {
        int[][] working = arrays.working();
        k.bindWorking(working[0], working[1], working[2], working[3]);
        k.parts = arrays.scanParts();
        k.state = new int[3 + 2 * parts.partitions() + PrefixDoublingKernel.SIZE_CLASSES];
        k.chainedSlot = 1 + 2 * parts.partitions();
        k.sizeClassSlot = k.chainedSlot + 2;
        k.segSmall = grid.tile() / 4;
        k.bindText(words);
        k.bindPieces(arrays.rankPieces(), stash);
        k.partitioned = stash.length > 0 ? 1 : 0;
        k.pieceShift = pieceShift;
        k.pieceMask = (1 << pieceShift) - 1;
        k.symbolCodes = codes;
        k.textLength = n;
        k.packSymbols = 64 / bits;
        k.symbolBits = bits;
        // No put for new arrays: the first launch creates every buffer from its new array (CL_MEM_COPY_HOST_PTR), and
        // a put would copy each one a second time in the same launch. A reused build packs its text into the keys
        // array (n / 4 of its n ints), which a launch copies into the kept ranks: a new keys array brings it with its
        // buffer, the kept one by a put.
        if (arrays.keysKept()) {
            k.put(working[0]);
        }
        if (stash.length > 0) { // the stash phases' partition of every bin; the stash itself is written on the device
            ((PieceDoublingKernel) k).binPartition = parts.binPartitions();
            if (arrays.reused()) { // kept arrays: the packed text by a put (a new array brings it with its buffer)
                k.put(words);
            }
        }
        return k;
    }

    /**
     * A whole build's suffix array after the inverse: its keys array, downloaded. A first build hands that array to
     * the caller and keeps the other arrays, bound, for the next whole build; a reused build keeps the keys array too
     * (with its device buffer) and copies the array into the caller's, allocated beside the build (about 11 ms for 100
     * MB on all cores, where a new keys array had cost its allocation on the build's path and a new device buffer).
     */
    private int[] downloadWhole(PrefixDoublingKernel k, int n, boolean pieced, DoublingHostArrays.Taken arrays,
                                int[] into) {
        int[] keys = k.working()[0];
        k.get(keys);
        int[][] w = k.working();
        int[][] others = {w[1], w[2], w[3]};
        if (arrays.result() != null || into != null) {
            int[] sa = into != null ? into : IntPieces.await(arrays.result());
            IntPieces.copyInto(keys, n, sa, 0);
            hostArrays.keep(keys, others, arrays.rankPieces(), arrays.scanParts(), pieced);
            return sa;
        }
        hostArrays.keep(null, others, arrays.rankPieces(), arrays.scanParts(), pieced);
        k.bindWorking(new int[1], w[1], w[2], w[3]); // the result goes to the caller
        return keys.length == n ? keys : Arrays.copyOf(keys, n);
    }

    /**
     * A partitioned build's suffix array after the inverse: it lies in the stash pieces, downloaded, then copied into
     * the caller's array, or into a new one after the kernel's other arrays are let go (4n bytes less at the peak).
     * Allocated earlier, during the rounds, the result cost the device phases as much as it saved here: on the H200
     * host its first-touch page faults slowed the rounds' launches and downloads (initial sort and rounds of 1 GiB
     * 2.75-3.2 s against 1.9 s). A build into the caller's array keeps every array, bound, for the next partitioned
     * build they serve (its packed text comes back by a put, the device writes its stash): no n-sized allocation and
     * no new device buffer then.
     */
    private int[] downloadJoined(PrefixDoublingKernel k, int n, int[] into, DoublingHostArrays.Taken arrays,
                                 int[][] stash, int[] words) {
        int used = IntPieces.count(n, pieceShift);
        for (int i = 0; i < used; i++) {
            k.get(stash[i]);
        }
        int[] sa = into;
        if (into != null) {
            hostArrays.keepPartitioned(k.working(), arrays.rankPieces(), arrays.scanParts(), stash, words);
        } else {
            release(k);
            hostArrays.dropKept(); // arrays kept from an earlier build and used by this one went with the kernel
            sa = new int[n];
        }
        for (int i = 0; i < used; i++) {
            IntPieces.copyInto(stash[i], IntPieces.pieceLength(n, pieceShift, i), sa, (long) i << pieceShift);
        }
        return sa;
    }

    /**
     * The compiled kernel of the kind a build needs (the piece kernel, or the one-piece one): on its first use its
     * compile runs on a thread of its own while the caller prepares the arrays on the host, later at once.
     */
    private CompletableFuture<GuardedKernel<PrefixDoublingKernel>> kernelOpening(boolean pieced) {
        if ((pieced ? piecedLauncher : leanLauncher) != null) {
            return CompletableFuture.completedFuture(open(pieced));
        }
        return CompletableFuture.supplyAsync(() -> open(pieced), r -> {
            Thread t = new Thread(r, "gpumatch-sa-compile");
            t.setDaemon(true);
            t.start();
        });
    }

    /**
     * Converts the kernel that a build of {@code length} bytes compiles (the one-piece kernel up to
     * {@code 2^}{@link #DEFAULT_PIECE_SHIFT} bytes, else the piece kernel) as far as Aparapi caches it per JVM: its
     * class files parsed and its entry point analysed (Aparapi's class-model and entry-point caches, which every later
     * compile of the class clones), on the calling thread and without any device. A caller runs it while the OpenCL
     * platforms start (which the compile needs), so that the compile after them only writes the OpenCL source and
     * builds it: about half of the conversion's time (0.45 of 0.53 s in a cold JVM on the 2-core developer machine).
     * A conversion failure is not reported here: the compile meets it again and throws it
     * ({@link org.gpumatch.gpu.runtime.KernelCompilationException}).
     */
    public static void convertAhead(long length) {
        PrefixDoublingKernel k = length > 1L << DEFAULT_PIECE_SHIFT ? new PieceDoublingKernel()
                : new PrefixDoublingKernel();
        try {
            com.aparapi.internal.model.ClassModel.createClassModel(k.getClass()).getEntrypoint("run", k);
        } catch (com.aparapi.internal.exception.AparapiException | RuntimeException e) {
            // the compile converts again and reports it
        }
    }

    /** Throws IllegalArgumentException when a build of n characters does not fit the device. */
    void checkFits(int n) {
        Optional<String> why = whyNotFits(n);
        if (why.isPresent()) {
            throw new IllegalArgumentException(why.get());
        }
    }

    /**
     * Whether a build of n characters fits, in the mode the builder will use for it ({@link #peakDeviceBytes(int)}):
     * its length (at most {@link #MAX_LENGTH}, and at most 8 pieces), the
     * device's global memory, and its largest allocation against the largest buffer (a working array, a piece of a
     * position-indexed array, or the packed text). Whether a partitioned text can be split is known only from the text
     * ({@link #build} refuses it before allocating).
     *
     * @param n a text length
     * @return why a build of n characters cannot run on this device, or empty when it fits
     */
    public Optional<String> whyNotFits(int n) {
        return memory.whyNotFits(n);
    }

    private static double fraction(int n, long unsorted) {
        return 0.05 + 0.9 * (1.0 - (double) unsorted / n);
    }

    /** The kernel of a kind (compiled on first use, with its grid driver). */
    private synchronized GuardedKernel<PrefixDoublingKernel> open(boolean pieced) {
        long start = System.nanoTime();
        if (pieced && piecedLauncher == null) {
            piecedLauncher = compile(new PieceDoublingKernel());
            piecedGrid = new GridDriver(piecedLauncher, maxGroups, sortMaxGroups);
            spans.add(new StageSpan("kernel compile (piece kernel)", start, System.nanoTime(), true));
        }
        if (!pieced && leanLauncher == null) {
            leanLauncher = compile(new PrefixDoublingKernel());
            leanGrid = new GridDriver(leanLauncher, maxGroups, sortMaxGroups);
            spans.add(new StageSpan("kernel compile", start, System.nanoTime(), true));
        }
        return pieced ? piecedLauncher : leanLauncher;
    }

    private GuardedKernel<PrefixDoublingKernel> compile(PrefixDoublingKernel k) {
        k.bindPieces(new int[0][], new int[0][]);
        k.bindText(null);
        k.bindWorking(new int[1], new int[1], new int[1], new int[1]); // not the grid's placeholders
        return new GuardedKernel<>(k, device, localSize, bufferCreation);
    }

    /** Drops the builder's references to the build's arrays (the result stays with the caller). */
    private static void release(PrefixDoublingKernel k) {
        k.bindWorking(new int[1], new int[1], new int[1], new int[1]);
        k.parts = new int[2];
        k.bindText(null);
        k.bindPieces(new int[0][], new int[0][]);
        if (k instanceof PieceDoublingKernel piece) {
            piece.binPartition = new int[1];
        }
    }

    /** @return whether the last build used the host arrays {@link #prepare} allocated */
    boolean lastPreparedArrays() {
        return lastPrepared;
    }

    /** @return whether the last build used the arrays kept from the build before (whole builds of no more bytes) */
    boolean lastReusedArrays() {
        return lastReused;
    }

    /** Releases the compiled kernel, its device buffers and the arrays kept between builds. */
    @Override
    public void close() {
        if (preparedCompile != null) { // a compile prepare started may not outlive the builder
            preparedCompile.handle((k, e) -> k).join();
            preparedCompile = null;
        }
        hostArrays.drop();
        if (leanLauncher != null) {
            leanLauncher.close();
            leanLauncher = null;
        }
        if (piecedLauncher != null) {
            piecedLauncher.close();
            piecedLauncher = null;
        }
        launcher = null;
    }
}
