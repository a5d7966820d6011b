package org.gpumatch.aparapi.rabinkarp;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Optional;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/**
 * DRK (Ashkiani, Amenta, Owens, SPAA 2016, sections 4, 6.2 and 7.1) on an OpenCL device: divide-and-conquer
 * Rabin-Karp with the fingerprint {@code F(X) = sum code(x_j) * 2^(sigma*(m-1-j)) mod p} of symbol codes, any m whose
 * tile fits the device's local memory. See {@link DrkKernel} for the device side.
 *
 * <p><b>Alphabet.</b> sigma is the bits per symbol of the text's alphabet ({@link Text#alphabet()}, cached per text):
 * bytes are remapped to codes 0..size-1 (their rank among the text's symbols) through a 256-entry table uploaded with
 * the text. A pattern holding a byte the text lacks has no occurrence: the answer is 0 without a launch; otherwise
 * the text's alphabet is that of text and pattern together.
 *
 * <p><b>Exactness.</b> p is a random prime in [2^(30-sigma), 2^(31-sigma)) drawn with {@link SecureRandom} per matcher
 * and per sigma (the first query of each sigma draws it), so that every step of the rolling update stays a
 * non-negative {@code int} below 2^31. A fingerprint hit is only a candidate: each is compared byte by byte on the
 * device before it counts, so there are no false positives for any p and no false negatives. About (n - m + 1)/p
 * windows are chance candidates (2^-22 per window for 8-bit text, 2^-29 for binary).
 *
 * <p><b>Geometry.</b> A work-group of {@code localSize} work-items owns a tile of {@code g * localSize} windows
 * (g = {@link #DEFAULT_CHARS_PER_ITEM} by default, the paper's g exclusive characters per work-item) and stages the
 * tile plus the m-1 characters of overlap into local memory with coalesced 4-byte loads; each work-item computes its
 * first window's fingerprint (m steps) and rolls g - 1 times, all from local memory.
 *
 * <p><b>Cost.</b> Per query: one read of the text from device memory per count (plus m-1 characters per tile), twice for
 * {@code find} (only tiles with matches are read again); per character about {@code 1 + m/g} Barrett reductions and
 * table look-ups in local memory, plus m byte comparisons per candidate (so a periodic text with a long pattern, where
 * every window matches, costs O(occ * m)). Device memory: n bytes of packed text plus 2 KiB of symbol table, the
 * pattern, 8 bytes per tile of {@code g * localSize} characters (0.001 bytes per character by default) and 4 bytes per
 * match. Local memory per work-group: about {@code (g * localSize + m) * 33/32 + 2048} bytes plus 8.75 KiB of group scan
 * ({@link DrkKernel#localBytes}); about 27.5 KiB + 1.03 m bytes by default, so a 48 KiB device takes m up to about
 * 19,000 (use drk-2s beyond). Host memory: n bytes for the packed copy, kept for residency.
 *
 * <p><b>Limits.</b> n &lt;= {@link #maxTextLength()} (Aparapi buffers are sized by an {@code int}) and the device's largest
 * allocation; the tile plus overlap must fit local memory. Runs in Aparapi's Java thread pool too (its barriers are
 * DRK-WOM's: one after staging, the scan, one at the end), slowly.
 *
 * <p>Residency: the text is uploaded once per {@link Text} object. Not thread-safe: one query at a time. Close it to
 * free the device.
 */
public final class DrkMatcher extends ResidentTextMatcher<DrkKernel> {
    /** Work-items per work-group unless the device allows fewer. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /**
     * Windows per work-item, the paper's g: 64, above the {@code 12 < g < 44} the paper measured best on a K40c, because on an
     * H100 the m-step fingerprint of each work-item's first window (m/g extra steps per character) dominates: 1 GiB
     * resident, 256 work-items, sigma 8, device time: g = 64 gave 426 / 383 / 271 / 71 GB/s for m = 8 / 32 / 128 / 1024,
     * g = 44 409 / 353 / 227 / 52, g = 32 393 / 324 / 190 / 39, g = 16 337 / 247 / 119 / 20; sigma 2 the same
     * (bench/results/nvidia-h100-80gb-hbm3/2026-11-22-drk-tuning-sigma8.txt, DrkTuning). A tile is then 16 KiB.
     */
    public static final int DEFAULT_CHARS_PER_ITEM = 64;
    /** Spare zero words after the packed text. */
    private static final int SPARE_WORDS = 1;

    private final SecureRandom random;
    /** The fixed prime of tests, or 0 for random primes. */
    private final int fixedPrime;
    /** The prime drawn for each sigma (0: not yet). */
    private final int[] primes = new int[9];
    private final int preferredLocalSize;
    private final int charsPerItem;

    /** Byte codes of the resident text (rank among its symbols) and its bits per symbol. */
    private int[] residentCodes;
    private int residentSigma;
    /** The text and pattern length the kernel's symbol table was built for. */
    private Text tableText;
    private int tableLength;

    /** A matcher on {@code device} with the default geometry and random primes. */
    public DrkMatcher(ComputeDevice device, String reason) {
        this(device, reason, DEFAULT_LOCAL_SIZE, DEFAULT_CHARS_PER_ITEM);
    }

    /**
     * A matcher with an explicit geometry and random primes (tests use small geometries to put many boundaries in small
     * texts; the bench tunes).
     *
     * @param localSize    work-items per work-group, a power of two (lowered to the device's limit)
     * @param charsPerItem windows per work-item (the paper's g), positive
     */
    public DrkMatcher(ComputeDevice device, String reason, int localSize, int charsPerItem) {
        this(device, reason, localSize, charsPerItem, 0);
    }

    /**
     * As above with a fixed prime p for every sigma (0: random primes). {@code 2 <= p < 2^23} (below 2^(31-sigma) for
     * sigma up to 8): tests force collisions with tiny primes.
     */
    DrkMatcher(ComputeDevice device, String reason, int localSize, int charsPerItem, int prime) {
        super(device, reason, localSize);
        if (charsPerItem <= 0) {
            throw new IllegalArgumentException("charsPerItem must be positive: " + charsPerItem);
        }
        if (prime != 0 && (prime < 2 || prime >= 1 << 23 || !BigInteger.valueOf(prime).isProbablePrime(40))) {
            throw new IllegalArgumentException("the fixed prime must be a prime in [2, 2^23): " + prime);
        }
        this.fixedPrime = prime;
        this.random = prime == 0 ? new SecureRandom() : null;
        this.preferredLocalSize = localSize;
        this.charsPerItem = charsPerItem;
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.DRK;
    }

    /** The largest resident text: the packed copy is one Java {@code int[]} whose byte size Aparapi keeps in an int. */
    public static long maxTextLength() {
        return PackedText.maxLength(1, SPARE_WORDS);
    }

    /**
     * The prime of fingerprints over {@code sigma}-bit codes (1..8): the fixed one, or a probable prime in
     * [2^(30-sigma), 2^(31-sigma)) drawn on first use.
     */
    public int prime(int sigma) {
        if (sigma < 1 || sigma > 8) {
            throw new IllegalArgumentException("sigma must be 1..8: " + sigma);
        }
        if (fixedPrime != 0) {
            return fixedPrime;
        }
        if (primes[sigma] == 0) {
            primes[sigma] = BigInteger.probablePrime(31 - sigma, random).intValueExact();
        }
        return primes[sigma];
    }

    @Override
    public Optional<String> unsupportedReason(long n, int m, int sigma) {
        long max = maxTextLength();
        if (n > max) {
            return Optional.of("drk keeps texts of at most " + max + " bytes resident; n = " + n);
        }
        int size = plannedLocalSize();
        long tile = (long) size * charsPerItem;
        long groups = Math.max(1, (n - m + tile) / tile);
        if (groups * size > Integer.MAX_VALUE) {
            return Optional.of("drk with g = " + charsPerItem + " would launch " + groups * size
                    + " work-items for n = " + n + ", over 2^31-1; use a larger g");
        }
        long needed = 4 * ((n + 3) / 4 + SPARE_WORDS);
        if (device.isOpenCL() && needed > device.maxAllocBytes()) {
            return Optional.of("a text of " + n + " bytes needs a device buffer of " + needed + " bytes; "
                    + device.describe() + " allows " + device.maxAllocBytes());
        }
        long local = DrkKernel.localBytes(size, charsPerItem, m);
        if (device.isOpenCL() && m <= n && local > device.localMemBytes()) {
            return Optional.of("drk stages a tile of " + tile + " characters plus the m-1 = " + (m - 1L)
                    + " overlapping ones in local memory, " + local + " bytes per work-group, but " + device.describe()
                    + " has " + device.localMemBytes() + "; use drk-2s for long patterns");
        }
        return Optional.empty();
    }

    /** The work-group size launches use: the fitted one once compiled, else the preferred one within the device limit. */
    private int plannedLocalSize() {
        if (launcher != null) {
            return launcher.localSize();
        }
        int size = preferredLocalSize;
        while (device.isOpenCL() && size > device.maxWorkGroupSize() && size > 1) {
            size >>>= 1;
        }
        return size;
    }

    /** The work-group size in use (after fitting it to the device); compiles the kernel if needed. */
    public int localSize() {
        return launcher().localSize();
    }

    /** The paper's g: windows per work-item. */
    public int charsPerItem() {
        return charsPerItem;
    }

    /** Windows per work-group tile: {@code g * localSize}; compiles the kernel if needed. */
    public int tileChars() {
        return launcher().kernel().tileChars;
    }

    private GuardedKernel<DrkKernel> launcher() {
        if (launcher == null) {
            DrkKernel k = new DrkKernel();
            k.setGeometry(preferredLocalSize, charsPerItem);
            launcher = new GuardedKernel<>(k, device, preferredLocalSize);
            k.setGeometry(launcher.localSize(), charsPerItem);
        }
        return launcher;
    }

    /**
     * Makes {@code text} the device-resident text (packs it and its symbol codes; the upload happens with the next
     * launch) unless it already is.
     */
    @Override
    public void makeResident(Text text) {
        GuardedKernel<DrkKernel> l = launcher();
        if (resident == text) {
            return;
        }
        DrkKernel k = l.kernel();
        k.text = PackedText.pack(text.bytes(), 1, SPARE_WORDS);
        k.textWords = k.text.length;
        long groups = Math.max(1, ((long) text.length() + k.tileChars - 1) / k.tileChars);
        k.groupCounts = new int[(int) groups];
        residentCodes = codes(text.alphabet());
        residentSigma = text.alphabet().sigma();
        tableText = null;
        // no put(k.text): a new array is copied to the device when a launch first meets it
        resident = text;
    }

    @Override
    protected void forgetDerivedState() {
        residentCodes = null;
        tableText = null;
    }

    @Override
    public long count(Text text, Pattern pattern) {
        if (!prepare(text, pattern) || !symbolsPresent(text, pattern)) {
            lastTiming = LaunchTiming.NONE;
            return 0;
        }
        return countResident(pattern);
    }

    @Override
    public int[] find(Text text, Pattern pattern) {
        if (!prepare(text, pattern) || !symbolsPresent(text, pattern)) {
            lastTiming = LaunchTiming.NONE;
            return new int[0];
        }
        int total = countResident(pattern);
        if (total == 0) {
            return new int[0];
        }
        DrkKernel k = launcher.kernel();
        int groups = groupsFor(pattern.length());
        k.get(k.groupCounts); // the find phase reads them too: host and device copies now agree
        k.groupOffsets = groupOffsets(k.groupCounts, groups, k.groupOffsets);
        k.put(k.groupOffsets);
        if (k.positions.length < total || k.positions.length > 2 * total) {
            k.positions = new int[total];
        }
        k.phase = k.checkedSlot(DrkKernel.PHASE_FIND);
        try {
            lastTiming = lastTiming.plus(launcher.launch(groups));
        } finally {
            k.phase = DrkKernel.PHASE_COUNT;
        }
        k.get(k.positions);
        return Arrays.copyOf(k.positions, total);
    }

    /** Whether every byte of the pattern occurs in the text (otherwise there is no occurrence). */
    private static boolean symbolsPresent(Text text, Pattern pattern) {
        Alphabet a = text.alphabet();
        for (int i = 0; i < pattern.length(); i++) {
            if (!a.contains(pattern.byteAt(i))) {
                return false;
            }
        }
        return true;
    }

    private int countResident(Pattern pattern) {
        DrkKernel k = launcher.kernel();
        setPattern(k, pattern.toByteArray());
        k.phase = k.checkedSlot(DrkKernel.PHASE_COUNT);
        k.total[0] = 0;
        k.put(k.total);
        lastTiming = launcher.launch(groupsFor(pattern.length()));
        k.get(k.total);
        return k.total[0];
    }

    /** Work-groups needed for the n-m+1 windows of the resident text. */
    private int groupsFor(int m) {
        long windows = (long) resident.length() - m + 1;
        long tile = launcher.kernel().tileChars;
        return (int) Math.max(1, (windows + tile - 1) / tile);
    }

    private void setPattern(DrkKernel k, byte[] p) {
        int sigma = residentSigma;
        int prime = prime(sigma);
        k.sigma = sigma;
        k.prime = prime;
        k.reciprocal = (int) ((1L << 32) / prime); // unsigned: at most 2^31
        k.lastWindow = resident.length() - p.length;
        k.setPatternLength(p.length);
        k.patternPrint = fingerprint(p, 0, p.length, residentCodes, sigma, prime);
        k.patternWords = PackedText.pack(p, 1, 1);
        k.put(k.patternWords);
        if (tableText != resident || tableLength != p.length) {
            k.symbols = symbolTable(residentCodes, sigma, prime, p.length);
            k.put(k.symbols);
            tableText = resident;
            tableLength = p.length;
        }
    }

    /** The code of each byte value: its rank among the symbols of {@code alphabet} (0 for absent bytes). */
    static int[] codes(Alphabet alphabet) {
        int[] codes = new int[256];
        int next = 0;
        for (int b = 0; b < 256; b++) {
            if (alphabet.contains(b)) {
                codes[b] = next++;
            }
        }
        return codes;
    }

    /**
     * The kernel's symbol table: entries 0..255 the codes, entries 256..511 {@code code(b) * 2^(sigma*m) mod p}, the
     * term the rolling update subtracts for the byte leaving a window.
     */
    static int[] symbolTable(int[] codes, int sigma, int prime, int m) {
        long weight = BigInteger.TWO.modPow(BigInteger.valueOf((long) sigma * m), BigInteger.valueOf(prime))
                .longValueExact();
        int[] table = new int[DrkKernel.TABLE_SIZE];
        for (int b = 0; b < 256; b++) {
            table[b] = codes[b];
            table[DrkKernel.OUT_TERMS + b] = (int) (codes[b] * weight % prime);
        }
        return table;
    }

    /** {@code sum code(x_j) * 2^(sigma*(len-1-j)) mod p} over {@code bytes[from..from+len)}: the host reference. */
    static int fingerprint(byte[] bytes, int from, int len, int[] codes, int sigma, int prime) {
        long h = 0;
        for (int j = from; j < from + len; j++) {
            h = ((h << sigma) + codes[bytes[j] & 0xFF]) % prime;
        }
        return (int) h;
    }
}
