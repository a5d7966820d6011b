package org.gpumatch.aparapi.rabinkarp;

import java.util.Arrays;
import java.util.Optional;
import org.gpumatch.aparapi.runtime.ComputeDevice;
import org.gpumatch.aparapi.runtime.GuardedKernel;
import org.gpumatch.aparapi.runtime.LaunchTiming;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/**
 * DRK-WOM-32 and DRK-WOM-64 on an OpenCL device: exact divide-and-conquer Rabin-Karp for patterns of m*8 <= 32 or 64
 * bits (m <= 4 or 8 bytes); and DRK-2S (SPAA 2016 section 7.2) for any m: the same kernel skims with the fingerprint
 * of the pattern's first 8 bytes and verifies each candidate's remaining m - 8 bytes on the device (one work-item per
 * candidate, word-wise; the paper's cooperative chunk fingerprints are not used). On text where the 8-byte prefix is
 * rare, DRK-2S runs at DRK-WOM-64's speed whatever m is; periodic text with a long pattern makes every window a
 * candidate and costs O(nm).
 * See {@link DrkWomKernel} for the device side.
 *
 * <p>Outline of a query: count (one launch: per-group counts and the total); for {@code find}, download the per-group
 * counts (4 bytes per tile of {@code 4*localSize*wordsPerItem} characters), prefix-sum them on the host, and launch again to write
 * the compacted positions on the device, then download only those.
 *
 * <p>Residency: the text is packed and uploaded once per {@link Text} object and stays on the device for later
 * queries; a different {@code Text} replaces it. Cost per query: one read of the text from device memory (count), two
 * for {@code find}. Device memory: n bytes of text plus 4 bytes per match and 8 bytes per work-group; host memory: the
 * packed copy of the text (n bytes).
 *
 * <p>Not thread-safe: one query at a time (the kernel instance and its buffers are shared). Close it to free the device.
 */
public final class DrkWomMatcher extends ResidentTextMatcher<DrkWomKernel> {
    /** Work-items per work-group unless the device allows fewer. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /**
     * Text words per work-item: 4 * 32 = 128 windows, the paper's g (it measured 12 < g < 44 best on a K40c; the count
     * phase here reads interleaved words, so a larger g only amortizes the per-group scan). NVIDIA H200, 1 GiB resident,
     * 256 work-items: 32 words gave 3.04 TB/s of device time for m <= 4, 16 words 2.81, 8 words 2.28, 4 words 1.63
     * (bench/results/nvidia-h200/2026-11-22-drk-wom-64-tuning-v3.txt).
     */
    public static final int DEFAULT_WORDS_PER_ITEM = 32;
    /** The largest pattern of DRK-WOM-64: 8 symbols of 8 bits fill the 64-bit fingerprint. */
    public static final int MAX_PATTERN_LENGTH = 8;

    /**
     * What the kernel is run as: DRK-WOM-32 (m <= 4) or DRK-WOM-64 (m <= 8) with exact packed fingerprints of 8-bit
     * symbols, or DRK-2S (any m): skim with the DRK-WOM-64 fingerprint of the first 8 characters, then verify the rest
     * of each candidate on the device.
     */
    public enum Variant {
        BITS_32(Algorithm.DRK_WOM_32, 4),
        BITS_64(Algorithm.DRK_WOM_64, 8),
        TWO_STAGE(Algorithm.DRK_2S, Integer.MAX_VALUE);

        private final Algorithm algorithm;
        private final int maxPattern;

        Variant(Algorithm algorithm, int maxPattern) {
            this.algorithm = algorithm;
            this.maxPattern = maxPattern;
        }

        /** The longest pattern this width holds. */
        public int maxPattern() {
            return maxPattern;
        }
    }

    private final Variant width;
    private final int preferredLocalSize;
    private final int wordsPerItem;
    private int groupsForText;

    /** A matcher on {@code device} with the default geometry. */
    public DrkWomMatcher(ComputeDevice device, String reason) {
        this(device, reason, DEFAULT_LOCAL_SIZE, DEFAULT_WORDS_PER_ITEM);
    }

    /**
     * A matcher with an explicit geometry (tests use small ones to put many boundaries in small texts; the bench tunes).
     *
     * @param localSize    work-items per work-group, a power of two (lowered to the device's limit)
     * @param wordsPerItem text words (4 windows each) per work-item, positive
     */
    public DrkWomMatcher(ComputeDevice device, String reason, int localSize, int wordsPerItem) {
        this(device, reason, Variant.BITS_64, localSize, wordsPerItem);
    }

    /**
     * A matcher of the given fingerprint width and geometry. Both widths run the same kernel; a pattern that fits 32 bits
     * takes its 32-bit path, so they differ in the patterns they accept.
     */
    public DrkWomMatcher(ComputeDevice device, String reason, Variant width, int localSize, int wordsPerItem) {
        super(device, reason, localSize);
        if (wordsPerItem <= 0) {
            throw new IllegalArgumentException("wordsPerItem must be positive: " + wordsPerItem);
        }
        this.width = width;
        this.preferredLocalSize = localSize;
        this.wordsPerItem = wordsPerItem;
    }

    @Override
    public Algorithm algorithm() {
        return width.algorithm;
    }

    @Override
    public Optional<String> unsupportedReason(long n, int m, int sigma) {
        if (m > width.maxPattern) { // never for DRK-2S
            return Optional.of(width.algorithm.cliName() + " packs 8 bits per symbol into " + 8 * width.maxPattern
                    + " bits, so m <= " + width.maxPattern + "; m = " + m);
        }
        long max = PackedText.maxLength(preferredLocalSize * wordsPerItem, DrkWomKernel.HALO_WORDS);
        if (n > max) {
            return Optional.of(width.algorithm.cliName() + " keeps texts of at most " + max + " bytes resident; n = "
                    + n);
        }
        long needed = n + 8;
        if (device.isOpenCL() && needed > device.maxAllocBytes()) {
            return Optional.of("a text of " + n + " bytes needs a device buffer of " + needed + " bytes; "
                    + device.describe() + " allows " + device.maxAllocBytes());
        }
        return Optional.empty();
    }


    /** The work-group size in use (after fitting it to the device); compiles the kernel if needed. */
    public int localSize() {
        return launcher().localSize();
    }

    /** Characters per work-group tile: the granularity of staging and of the per-group counts. */
    public int tileChars() {
        return launcher().kernel().tileWords * 4;
    }

    private GuardedKernel<DrkWomKernel> launcher() {
        if (launcher == null) {
            launcher = new GuardedKernel<>(new DrkWomKernel(new int[2], preferredLocalSize, wordsPerItem), device,
                    preferredLocalSize);
            int words = wordsPerItem;
            while (words > 1 && device.isOpenCL()
                    && DrkWomKernel.localBytes(launcher.localSize(), words) > device.localMemBytes()) {
                words = (words + 1) / 2; // the find phase's tile must fit the device's local memory
            }
            if (DrkWomKernel.localBytes(launcher.localSize(), words) > device.localMemBytes() && device.isOpenCL()) {
                throw new IllegalStateException("drk-wom needs " + DrkWomKernel.localBytes(launcher.localSize(), 1)
                        + " bytes of local memory per work-group; " + device.describe() + " has "
                        + device.localMemBytes());
            }
            if (launcher.localSize() != preferredLocalSize || words != wordsPerItem) {
                launcher.kernel().setGeometry(launcher.localSize(), words);
            }
        }
        return launcher;
    }

    /**
     * Makes {@code text} the device-resident text (packs and uploads it) unless it already is. The upload itself happens
     * with the next launch (Aparapi's {@code put} is lazy).
     */
    @Override
    public void makeResident(Text text) {
        GuardedKernel<DrkWomKernel> l = launcher();
        if (resident == text) {
            return;
        }
        DrkWomKernel k = l.kernel();
        k.text = PackedText.pack(text.bytes(), k.tileWords, DrkWomKernel.HALO_WORDS);
        long groups = ((long) text.length() + tileChars() - 1) / tileChars();
        groupsForText = (int) Math.max(1, groups);
        k.groupCounts = new int[groupsForText];
        // no put(k.text): a new array is copied to the device when a launch first meets it; put would copy it twice
        resident = text;
    }

    @Override
    public long count(Text text, Pattern pattern) {
        if (!prepare(text, pattern)) {
            return 0;
        }
        return countResident(pattern);
    }

    private int countResident(Pattern pattern) {
        DrkWomKernel k = launcher.kernel();
        setPattern(k, pattern.toByteArray(), resident.length());
        k.phase = DrkWomKernel.PHASE_COUNT;
        k.total[0] = 0;
        k.put(k.total);
        lastTiming = launcher.launch(groupsFor(pattern.length()));
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
        DrkWomKernel k = launcher.kernel();
        int groups = groupsFor(pattern.length());
        k.get(k.groupCounts);
        k.groupOffsets = groupOffsets(k.groupCounts, groups, k.groupOffsets);
        k.put(k.groupOffsets);
        if (k.positions.length < total || k.positions.length > 2 * total) {
            k.positions = new int[total];
        }
        k.phase = DrkWomKernel.PHASE_FIND;
        LaunchTiming countTiming = lastTiming;
        lastTiming = countTiming.plus(launcher.launch(groups));
        k.get(k.positions);
        return Arrays.copyOf(k.positions, total);
    }

    /** Work-groups needed for the n-m+1 windows of the resident text. */
    private int groupsFor(int m) {
        long windows = (long) resident.length() - m + 1;
        return (int) Math.max(1, (windows + tileChars() - 1) / tileChars());
    }

    /**
     * Packs the pattern's first (up to) 8 characters little-endian into two 32-bit halves with masks of those
     * characters; for m > 8 (DRK-2S) also the whole pattern into {@code patternWords} for the verification.
     */
    private static void setPattern(DrkWomKernel k, byte[] p, int n) {
        int head = Math.min(p.length, 8);
        long packed = 0;
        for (int i = 0; i < head; i++) {
            packed |= (p[i] & 0xFFL) << (8 * i);
        }
        long mask = head == 8 ? -1L : (1L << (8 * head)) - 1;
        k.patternLength = p.length;
        if (p.length > 8) {
            k.patternWords = PackedText.pack(p, 1, 1);
            k.put(k.patternWords);
        }
        k.patternLo = (int) packed;
        k.patternHi = (int) (packed >>> 32);
        k.maskLo = (int) mask;
        k.maskHi = (int) (mask >>> 32);
        k.lastWindow = n - p.length;
    }
}
