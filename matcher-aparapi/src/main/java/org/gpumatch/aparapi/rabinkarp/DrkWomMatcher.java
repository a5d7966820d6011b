package org.gpumatch.aparapi.rabinkarp;

import java.util.Arrays;
import java.util.Optional;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/**
 * DRK-WOM-32, DRK-WOM-64 and DRK-2S on an OpenCL device (SPAA 2016 sections 6.2, 7.1, 7.2): exact divide-and-conquer
 * Rabin-Karp over a text packed in sigma-bit symbols ({@link SymbolPacking}: sigma from the text's alphabet, so DNA
 * packs 16 symbols per 32-bit word, protein text 6, bytes 4).
 * <ul>
 *   <li>DRK-WOM-32 takes patterns of up to {@code 32 / sigma} symbols (4 bytes, 16 DNA bases), DRK-WOM-64 up to
 *       {@code 2 * (32 / sigma)} (8 bytes, 32 bases, 12 amino acids): the fingerprint is the window itself, no modulo,
 *       no false positives, one read of the text;</li>
 *   <li>DRK-2S takes any m: the same kernel skims with the fingerprint of the pattern's first {@code 2 * (32 / sigma)}
 *       symbols and collects the candidates, then work-groups verify them cooperatively on the device, teams of
 *       work-items comparing the remaining packed words (the paper's warp-wide chunk comparison, with local memory
 *       instead of ballots). On text where the prefix is rare the skim is the whole cost, whatever m is; periodic text
 *       with a long pattern makes every window a candidate and costs O(nm / localSize) per work-item.</li>
 * </ul>
 * See {@link DrkWomKernel} for the device side.
 *
 * <p>Parts: this class makes the text resident (packed), sets the pattern, fits the tiles and runs the skim (the
 * count phase) and DRK-WOM's ordered find; {@link TwoStageVerifier} is DRK-2S's second stage (verify, ranges,
 * compaction).
 *
 * <p>Outline of a query: count (one launch: per-group counts and the total); for {@code find}, download the per-group
 * counts (4 bytes per tile of {@code localSize * wordsPerItem} words), prefix-sum them on the host, and launch again to
 * write the compacted positions on the device, then download only those. DRK-2S: the skim appends up to
 * {@link #DEFAULT_APPEND_CAPACITY} candidates in its one pass; more candidates are written in order, range of
 * work-groups by range (at most {@link #DEFAULT_RANGE_CAPACITY} at a time), each range verified and compacted on the
 * device.
 *
 * <p>Residency: the text is packed and uploaded once per {@link Text} object and stays on the device for later
 * queries; a different {@code Text} replaces it. Cost per query: one read of the packed text from device memory
 * (count), two for {@code find}. Device memory: {@code sigma / 8} bytes per text character (4 bytes per word of
 * {@code 32 / sigma} symbols), plus 4 bytes per match, per candidate (DRK-2S) and 8 per work-group; host memory: the
 * packed copy of the text. A pattern with a byte that does not occur in the text has no occurrence and launches nothing.
 *
 * <p>Not thread-safe: one query at a time (the kernel instance and its buffers are shared). Close it to free the device.
 */
public final class DrkWomMatcher extends ResidentTextMatcher<DrkWomKernel> {
    /**
     * Work-items per work-group unless the device allows fewer. With {@link #DEFAULT_WORDS_PER_ITEM} the tile stays 8192
     * words (as 256 x 32 before): NVIDIA H200, 1 GiB resident, m = 4..8, device time over the read ceiling: 128 x 64 0.81,
     * 128 x 32 0.77, 256 x 32 0.75, 256 x 16 0.66 (bench/results/nvidia-h200/2026-11-23-drk-wom-64-tuning.txt).
     */
    public static final int DEFAULT_LOCAL_SIZE = 128;
    /**
     * Text words per work-item: 64 words, 256 windows for bytes (the paper's g; it measured {@code 12 < g < 44} best on a
     * K40c; the count phase here reads interleaved words, four per iteration, so a larger g keeps more loads in flight
     * and amortizes the per-group scan). Earlier H200 sweep, 256 work-items, one word per iteration: 32 words 3.04 TB/s
     * for {@code m <= 4}, 16 words 2.81, 8 words 2.28, 4 words 1.63
     * (bench/results/nvidia-h200/2026-11-22-drk-wom-64-tuning-v3.txt).
     */
    public static final int DEFAULT_WORDS_PER_ITEM = 64;
    /**
     * Small texts get fewer words per work-item, halving from the configured number while it is above this floor, until
     * every compute unit has {@link #GROUPS_PER_COMPUTE_UNIT} work-groups: a 4 MB text in 32-word tiles gave 127
     * work-groups for the 132 SMs of an H100. Geometries of this many words or fewer (the tests') are never changed.
     */
    static final int ADAPTIVE_FLOOR = 4;
    static final int GROUPS_PER_COMPUTE_UNIT = 4;
    /**
     * DRK-2S patterns with at most this many packed words beyond the skim's two (72 bytes, 288 DNA bases) are verified
     * by the work-item that found the candidate, in the skim itself: one launch and two small transfers per count
     * instead of two launches and four transfers, which on an H100 cost 0.2-0.3 ms of wall time per query (small texts
     * ran at half of DRK's wall rate). Longer tails are verified cooperatively (coalesced, balanced).
     */
    public static final int DEFAULT_INLINE_TAIL_WORDS = 16;
    /** DRK-2S candidates the skim appends in its one pass; with more, candidates are written in order by ranges. */
    public static final int DEFAULT_APPEND_CAPACITY = 4096;
    /** DRK-2S candidates written, verified and compacted per range when the skim found more than it appended. */
    public static final int DEFAULT_RANGE_CAPACITY = 1 << 22;

    /**
     * What the kernel is run as: DRK-WOM-32 (one 32-bit word of symbols) or DRK-WOM-64 (two) with exact packed
     * fingerprints, or DRK-2S (any m): skim with the two-word fingerprint of the pattern's head, then verify the rest of
     * each candidate on the device.
     */
    public enum Variant {
        BITS_32(Algorithm.DRK_WOM_32, 1),
        BITS_64(Algorithm.DRK_WOM_64, 2),
        TWO_STAGE(Algorithm.DRK_2S, Integer.MAX_VALUE);

        private final Algorithm algorithm;
        private final int words;

        Variant(Algorithm algorithm, int words) {
            this.algorithm = algorithm;
            this.words = words;
        }

        /** The algorithm this variant runs as. */
        public Algorithm algorithm() {
            return algorithm;
        }

        /** The longest pattern of symbols of {@code sigma} bits this variant takes. */
        public int maxPattern(int sigma) {
            return words == Integer.MAX_VALUE ? Integer.MAX_VALUE : words * SymbolPacking.symbolsPerWord(sigma);
        }
    }

    private final Variant width;
    private final int preferredLocalSize;
    private final int wordsPerItem;
    private final int appendCapacity;
    private final int rangeCapacity;
    private final int inlineTailWords;
    /** Words per work-item after fitting the find phase's tile into the device's local memory. */
    private int fittedWordsPerItem;
    /** The packing of the resident text; null while none is resident. */
    private SymbolPacking packing;
    /** Symbols of the resident text (a {@link Text}'s length, or a packed chunk's). */
    private int residentLength;
    /** DRK-2S's second stage, made at its first use. */
    private TwoStageVerifier verifier;

    /** A DRK-WOM-64 matcher on {@code device} with the default geometry. */
    public DrkWomMatcher(ComputeDevice device, String reason) {
        this(device, reason, DEFAULT_LOCAL_SIZE, DEFAULT_WORDS_PER_ITEM);
    }

    /**
     * A DRK-WOM-64 matcher with an explicit geometry (tests use small ones to put many boundaries in small texts; the
     * bench tunes).
     *
     * @param localSize    work-items per work-group, a power of two (lowered to the device's limit)
     * @param wordsPerItem text words per work-item, positive
     */
    public DrkWomMatcher(ComputeDevice device, String reason, int localSize, int wordsPerItem) {
        this(device, reason, Variant.BITS_64, localSize, wordsPerItem);
    }

    /** A matcher of the given variant and geometry, with the default DRK-2S candidate capacities. */
    public DrkWomMatcher(ComputeDevice device, String reason, Variant width, int localSize, int wordsPerItem) {
        this(device, reason, width, localSize, wordsPerItem, DEFAULT_APPEND_CAPACITY, DEFAULT_RANGE_CAPACITY,
                DEFAULT_INLINE_TAIL_WORDS);
    }

    /**
     * A matcher with explicit DRK-2S candidate capacities (tests use tiny ones to exercise the ranged path).
     *
     * @param appendCapacity candidates the skim appends (at least 1)
     * @param rangeCapacity  candidates per range of the ordered path (raised to one tile's windows)
     * @param inlineTailWords tails of at most this many words are verified inline (0: every tail cooperatively)
     */
    DrkWomMatcher(ComputeDevice device, String reason, Variant width, int localSize, int wordsPerItem,
                  int appendCapacity, int rangeCapacity, int inlineTailWords) {
        super(device, reason, localSize);
        if (wordsPerItem <= 0 || appendCapacity <= 0 || rangeCapacity <= 0) {
            throw new IllegalArgumentException("wordsPerItem, appendCapacity and rangeCapacity must be positive");
        }
        this.width = width;
        this.preferredLocalSize = localSize;
        this.wordsPerItem = wordsPerItem;
        this.appendCapacity = appendCapacity;
        this.rangeCapacity = rangeCapacity;
        this.inlineTailWords = inlineTailWords;
    }

    @Override
    public Algorithm algorithm() {
        return width.algorithm;
    }

    @Override
    public Optional<String> unsupportedReason(long n, int m, int sigma) {
        if (m > width.maxPattern(sigma)) { // never for DRK-2S
            return Optional.of(width.algorithm.cliName() + " packs " + width.words + (width.words == 1 ? " word" : " words")
                    + " of " + SymbolPacking.symbolsPerWord(sigma) + " symbols of " + sigma + " bits, so m <= "
                    + width.maxPattern(sigma) + "; m = " + m);
        }
        long words = (n + SymbolPacking.symbolsPerWord(sigma) - 1) / SymbolPacking.symbolsPerWord(sigma);
        long tileWords = (long) preferredLocalSize * wordsPerItem;
        long bufferWords = ((words + tileWords - 1) / tileWords) * tileWords + DrkWomKernel.HALO_WORDS;
        if (n > Integer.MAX_VALUE || bufferWords > Integer.MAX_VALUE - 8) {
            return Optional.of(width.algorithm.cliName() + " keeps texts of at most 2^31-1 symbols in one device "
                    + "buffer; n = " + n);
        }
        if (device.isOpenCL() && 4 * bufferWords > device.maxAllocBytes()) {
            return Optional.of("a text of " + n + " symbols of " + sigma + " bits needs a device buffer of "
                    + 4 * bufferWords + " bytes; " + device.describe() + " allows " + device.maxAllocBytes());
        }
        long total = 4 * bufferWords + 8 * (bufferWords / tileWords + 1) + 4L * (appendCapacity + rangeCapacity);
        if (device.isOpenCL() && total > device.globalMemBytes() * 9 / 10) {
            return Optional.of("a text of " + n + " symbols of " + sigma + " bits needs about " + total + " bytes of "
                    + "device memory (text, counts, candidates); " + device.describe() + " has "
                    + device.globalMemBytes() + " (OpenCL reports no free memory: 90% of it is the limit)");
        }
        return Optional.empty();
    }

    /** The work-group size in use (after fitting it to the device); compiles the kernel if needed. */
    public int localSize() {
        return launcher().localSize();
    }

    /** Words per work-group tile (before any narrowing for small texts): the granularity of the text's padding. */
    public int tileWords() {
        return launcher().localSize() * fittedWordsPerItem;
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
            fittedWordsPerItem = words;
        }
        return launcher;
    }

    /**
     * Makes {@code text} the device-resident text (finds its alphabet, packs and uploads it) unless it already is. A
     * text that packs into the previous text's buffer (at least as many words, at most twice) reuses it: the upload is
     * then a copy into an existing device buffer, at the host-to-device rate (7-8 GB/s from the Java heap on the H100
     * and H200 hosts), where a new buffer's first upload ran at 1.1-1.3 GB/s. Streamed chunks of one size take that path.
     */
    @Override
    public void makeResident(Text text) {
        GuardedKernel<DrkWomKernel> l = launcher();
        if (resident == text) {
            return;
        }
        DrkWomKernel k = l.kernel();
        SymbolPacking p = SymbolPacking.of(text.alphabet());
        int[] previous = resident == null ? null : k.text;
        k.text = p.packText(text.bytes(), tileWords(), DrkWomKernel.HALO_WORDS, previous);
        if (k.text == previous) {
            k.put(k.text);
        } // else no put: a new array is copied to the device when a launch first meets it; put would copy it twice
        k.sigma = p.sigma();
        k.symbolsPerWord = p.symbolsPerWord();
        k.bitsUsed = p.sigma() * p.symbolsPerWord();
        packing = p;
        resident = text;
        residentLength = text.length();
    }

    /**
     * Words of a host array that holds a packed chunk of up to {@code dataWords} words for any geometry a matcher
     * created with {@code localSize} and {@code wordsPerItem} may fit to the device: whole tiles of that geometry (every fitted tile divides it: both factors are
     * halved powers of two) plus {@link DrkWomKernel#HALO_WORDS}. The one-shot search allocates its lane arrays with
     * it before the kernel is compiled.
     */
    static int packedArrayWords(long dataWords, int localSize, int wordsPerItem) {
        long tile = (long) localSize * wordsPerItem;
        long words = Math.max(1, (dataWords + tile - 1) / tile) * tile + DrkWomKernel.HALO_WORDS;
        if (words > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a chunk of " + dataWords + " words does not fit one array of ints");
        }
        return (int) words;
    }

    /**
     * Makes the first {@code symbols} symbols packed in {@code words} by {@code p} the resident text (the one-shot
     * one-shot search's chunk). {@code words} must have {@link #packedArrayWords} words for the chunk's capacity, and the
     * caller passes the same array every time: its device buffer is then created once (the slow first upload) and
     * later chunks are copies into it at the host-to-device rate. The copy happens with the next launch (Aparapi's
     * lazy put). The words past the chunk's data need not be zero: no window reads past symbol {@code symbols - 1}.
     */
    void makeResidentPacked(int[] words, int symbols, SymbolPacking p) {
        GuardedKernel<DrkWomKernel> l = launcher();
        DrkWomKernel k = l.kernel();
        if (k.text == words) {
            k.put(words);
        } else {
            k.text = words; // a new array: copied to a new device buffer by the next launch
        }
        k.sigma = p.sigma();
        k.symbolsPerWord = p.symbolsPerWord();
        k.bitsUsed = p.sigma() * p.symbolsPerWord();
        packing = p;
        resident = null; // a later Text query packs again
        residentLength = symbols;
    }

    /**
     * Counts {@code pattern} in the packed chunk made resident by {@link #makeResidentPacked}; every pattern byte must
     * have a code in its packing. The chunk must hold at least m symbols. Cost as {@link #count}.
     */
    long countPacked(Pattern pattern) {
        return setPattern(pattern.toByteArray()) ? countResident() : 0;
    }

    /** The offsets of {@code pattern} in the packed chunk made resident by {@link #makeResidentPacked}, ascending. */
    int[] findPacked(Pattern pattern) {
        return setPattern(pattern.toByteArray()) ? findResident() : new int[0];
    }

    @Override
    protected void forgetDerivedState() {
        packing = null;
        residentLength = 0;
    }

    /**
     * As {@link ResidentTextMatcher#prepare}, except that a pattern holding a byte the text lacks answers "no
     * occurrence" (false) before any capability check: its union with the text's alphabet may need more bits than the
     * text's own sigma, with which {@link #unsupportedReason} said yes, but such a pattern cannot occur. Cost: O(m).
     */
    @Override
    protected boolean prepare(Text text, Pattern pattern) {
        Alphabet alphabet = text.alphabet();
        for (int j = 0; j < pattern.length(); j++) {
            if (!alphabet.contains(pattern.byteAt(j) & 0xFF)) {
                return false;
            }
        }
        return super.prepare(text, pattern);
    }

    @Override
    public long count(Text text, Pattern pattern) {
        if (!prepare(text, pattern) || !setPattern(pattern.toByteArray())) {
            return 0;
        }
        return countResident();
    }

    /**
     * The count of the pattern set by {@link #setPattern} in the resident text: the skim's count (DRK-WOM, and DRK-2S
     * with an inline tail), or its candidates verified by the second stage.
     */
    private long countResident() {
        boolean twoStage = needsVerification();
        int skimmed = skim(twoStage);
        return !twoStage || skimmed == 0 ? skimmed : verifier().count(skimmed);
    }

    @Override
    public int[] find(Text text, Pattern pattern) {
        if (!prepare(text, pattern) || !setPattern(pattern.toByteArray())) {
            return new int[0];
        }
        return findResident();
    }

    /** The offsets of the pattern set by {@link #setPattern} in the resident text, ascending. */
    private int[] findResident() {
        boolean twoStage = needsVerification();
        int total = skim(twoStage);
        if (total == 0) {
            return new int[0];
        }
        return twoStage ? verifier().find(total) : compactInOrder(total);
    }

    /** DRK-WOM's find: the skim's per-group counts prefix-summed on the host, then the positions written in order. */
    private int[] compactInOrder(int total) {
        loadGroupOffsets();
        int[] found = writeInOrder(0, groupsForPattern(), 0, total, false);
        return Arrays.copyOf(found, total);
    }

    /** The second stage of DRK-2S, on this matcher's kernel and skim. */
    private TwoStageVerifier verifier() {
        if (verifier == null) {
            verifier = new TwoStageVerifier(launcher, new TwoStageVerifier.Skim() {
                @Override
                public void launch(int groups) {
                    lastTiming = lastTiming.plus(launcher.launch(groups));
                }

                @Override
                public int groups() {
                    return groupsForPattern();
                }

                @Override
                public void loadGroupOffsets() {
                    DrkWomMatcher.this.loadGroupOffsets();
                }

                @Override
                public void writeInOrder(int first, int end, int base, int count) {
                    DrkWomMatcher.this.writeInOrder(first, end, base, count, true);
                }
            }, appendCapacity, rangeCapacity);
        }
        return verifier;
    }

    /**
     * Whether the pattern is longer than the skim's two words and its tail too long to verify inline, so its candidates
     * need the cooperative verification launch (DRK-2S).
     */
    private boolean needsVerification() {
        DrkWomKernel k = launcher.kernel();
        return k.inlineTail == 0;
    }

    /**
     * The count phase: the number of windows whose first two words match (the answer for DRK-WOM); with
     * {@code collect}, up to {@link #appendCapacity} of them are appended to the candidates buffer.
     */
    private int skim(boolean collect) {
        DrkWomKernel k = launcher.kernel();
        k.phase = k.checkedSlot(DrkWomKernel.PHASE_COUNT);
        k.collect = collect ? 1 : 0;
        k.firstGroup = 0;
        if (collect && k.candidates.length != appendCapacity) {
            k.candidates = new int[appendCapacity];
        }
        Arrays.fill(k.total, 0);
        k.put(k.total);
        lastTiming = launcher.launch(groupsForPattern());
        k.get(k.total);
        return k.total[0];
    }

    /**
     * The find phase over work-groups {@code [first, end)}: their {@code count} hits, in order, into {@code candidates}
     * (DRK-2S) or {@code positions}; {@code base} is the number of hits before group {@code first}. Returns the array.
     */
    private int[] writeInOrder(int first, int end, int base, int count, boolean twoStage) {
        DrkWomKernel k = launcher.kernel();
        k.put(k.groupOffsets);
        if (twoStage) {
            k.candidates = sized(k.candidates, count);
        } else {
            k.positions = sized(k.positions, count);
        }
        k.phase = k.checkedSlot(DrkWomKernel.PHASE_FIND);
        k.twoStage = twoStage ? 1 : 0;
        k.firstGroup = first;
        k.rangeBase = base;
        lastTiming = lastTiming.plus(launcher.launch(end - first));
        int[] out = twoStage ? k.candidates : k.positions;
        k.get(out);
        return out;
    }

    /** Downloads the skim's per-group counts and prefix-sums them into {@code groupOffsets} (on the host). */
    private void loadGroupOffsets() {
        DrkWomKernel k = launcher.kernel();
        k.get(k.groupCounts);
        k.groupOffsets = groupOffsets(k.groupCounts, groupsForPattern(), k.groupOffsets);
    }

    /** {@code array} when it holds {@code needed} ints and is not more than twice that, else a new array. */
    static int[] sized(int[] array, int needed) {
        return array.length < needed || array.length > 2 * needed ? new int[Math.max(1, needed)] : array;
    }

    /** Work-groups covering the windows of the resident text for the current pattern. */
    private int groupsForPattern() {
        DrkWomKernel k = launcher.kernel();
        return k.lastWord / k.tileWords + 1;
    }

    /**
     * Packs the pattern like the text: its first two words and their masks for the skim, and all its words for
     * DRK-2S's verification. False when a pattern byte does not occur in the text (then nothing matches).
     */
    private boolean setPattern(byte[] p) {
        DrkWomKernel k = launcher.kernel();
        int[] words = packing.packPattern(p);
        if (words == null) {
            return false;
        }
        int spw = packing.symbolsPerWord();
        int m = p.length;
        k.patternWordCount = (m + spw - 1) / spw;
        k.patternLo = words[0];
        k.patternHi = words[1];
        k.maskLo = packing.maskOf(m);
        k.maskHi = m > spw ? packing.maskOf(m - spw) : 0;
        k.lastMask = packing.maskOf(m - (k.patternWordCount - 1) * spw);
        k.inlineTail = k.patternWordCount - 2 <= inlineTailWords ? 1 : 0;
        if (k.patternWordCount > 2) {
            k.patternWords = words;
            k.put(k.patternWords);
        }
        int lastWindow = residentLength - m;
        k.lastWord = lastWindow / spw;
        k.lastSlot = lastWindow % spw;
        fitTiles(k);
        return true;
    }

    /**
     * Words per work-item for this query: the configured number, halved while the windows would give fewer than
     * {@link #GROUPS_PER_COMPUTE_UNIT} work-groups per compute unit (never below {@link #ADAPTIVE_FLOOR}, and only while
     * the narrower tiles stay inside the padded text). Count and find of one query use the same tiles.
     */
    private void fitTiles(DrkWomKernel k) {
        int l = launcher.localSize();
        long target = (long) GROUPS_PER_COMPUTE_UNIT * Math.max(1, device.computeUnits());
        int words = fittedWordsPerItem;
        while (words > ADAPTIVE_FLOOR && k.lastWord / ((long) l * words) + 1 < target) {
            int narrower = words / 2;
            long reach = (k.lastWord / ((long) l * narrower) + 1) * l * narrower + DrkWomKernel.HALO_WORDS;
            if (reach > k.text.length) {
                break;
            }
            words = narrower;
        }
        k.wordsPerItem = words;
        k.tileWords = l * words;
        int groups = groupsForPattern();
        if (k.groupCounts.length < groups) {
            k.groupCounts = new int[groups];
        }
    }
}
