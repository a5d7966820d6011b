package org.gpumatch.kmismatch.gpu;

import java.util.Optional;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchArguments;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.kmismatch.SymbolCodePacker;

/**
 * A k-mismatch matcher running one {@link KMismatchKernel} distance phase on a device, then the in-kernel compaction.
 *
 * <p>Per call: the text is uploaded once per {@link Text} object (resident between calls; bit-parallel re-packs it
 * when the alphabet of text and pattern changes), the pattern each call; one distance launch (block-thread: one per
 * 2^20 windows), one count launch, a host prefix sum over the groups' counts, one write launch; count-only skips the
 * write. Device memory: n bytes of text (bit-parallel: n * sigma / 8), 4 bytes per window, 4 bytes per group, 8 bytes
 * per hit. Not thread-safe.
 */
public final class KernelKMismatchMatcher implements KMismatchMatcher {
    /** Work-items per group unless a constructor says otherwise. */
    public static final int LOCAL_SIZE = 256;
    /**
     * The largest work-group size a constructor accepts (local memory: 48 KiB per group at this size, so a device with
     * less runs half of it: {@link KMismatchKernel#localBytes}).
     */
    public static final int MAX_LOCAL_SIZE = 1024;
    private static final int BLOCK_GROUPS_PER_LAUNCH = 1 << 20;
    private final KMismatchVariant variant;
    private final GuardedKernel<KMismatchKernel> launcher;
    private Text residentText;
    private Alphabet packedAlphabet;

    /**
     * A matcher for a GPU variant (thread, block-thread, opt-block-thread, bit-parallel) on {@code device} with
     * work-groups of {@link #LOCAL_SIZE}; compiles the kernel there.
     */
    public KernelKMismatchMatcher(KMismatchVariant variant, ComputeDevice device) {
        this(variant, device, LOCAL_SIZE);
    }

    /**
     * A matcher for a GPU variant on {@code device} with work-groups of {@code localSize} work-items, lowered (halving)
     * to the kernel's maximum on the device and to the device's local memory: {@link #localSize()} says what runs.
     * Compiles the kernel there. Local memory per group: {@link KMismatchKernel#localBytes} (8.75 KiB of group scan and,
     * in the opt-block phase, {@code 4 * (localSize + 2048)} bytes of tiles, for 256 work-items).
     *
     * @param localSize a power of two from 1 to {@link #MAX_LOCAL_SIZE}
     */
    public KernelKMismatchMatcher(KMismatchVariant variant, ComputeDevice device, int localSize) {
        if (variant == KMismatchVariant.CPU || variant == KMismatchVariant.AUTO) {
            throw new IllegalArgumentException("not a kernel variant: " + variant.cliName());
        }
        if (localSize < 1 || localSize > MAX_LOCAL_SIZE || Integer.bitCount(localSize) != 1) {
            throw new IllegalArgumentException("work-group size must be a power of two from 1 to " + MAX_LOCAL_SIZE
                    + ", got " + localSize);
        }
        int fitted = localSize;
        while (fitted > 1 && device.isOpenCL() && KMismatchKernel.localBytes(fitted) > device.localMemBytes()) {
            fitted >>>= 1;
        }
        this.variant = variant;
        this.launcher = new GuardedKernel<>(new KMismatchKernel(), device, fitted);
    }

    /** The work-group size the launches use (the one asked for, or lower where the device allows less). */
    public int localSize() {
        return launcher.localSize();
    }

    @Override
    public String name() {
        return variant.cliName();
    }

    @Override
    public Optional<String> unsupportedReason(long n, int m, int k) {
        return Optional.empty();
    }

    @Override
    public KMismatchHits find(Text text, Pattern pattern, int k) {
        int groups = distances(text, pattern, k);
        if (groups == 0) {
            return KMismatchHits.empty();
        }
        KMismatchKernel kern = launcher.kernel();
        int total = groupOffsets(groups);
        kern.hitOffsets = new int[Math.max(1, total)];
        kern.hitDistances = new int[Math.max(1, total)];
        kern.phase = kern.checkedSlot(KMismatchKernel.PHASE_WRITE);
        kern.put(kern.groupOffsets);
        launcher.launch(groups);
        kern.get(kern.hitOffsets);
        kern.get(kern.hitDistances);
        if (total == 0) {
            return KMismatchHits.empty();
        }
        return KMismatchHits.of(kern.hitOffsets, kern.hitDistances);
    }

    @Override
    public long count(Text text, Pattern pattern, int k) {
        int groups = distances(text, pattern, k);
        return groups == 0 ? 0 : groupOffsets(groups);
    }

    /** Runs the distance phase and the count phase; the number of compaction groups (0: no window). */
    private int distances(Text text, Pattern pattern, int k) {
        KMismatchArguments.check(text, pattern, k);
        int m = pattern.length();
        int windows = KMismatchArguments.windows(text.length(), m);
        if (windows == 0) {
            return 0;
        }
        KMismatchKernel kern = launcher.kernel();
        int local = launcher.localSize();
        int groups = (windows + local - 1) / local;
        kern.m = m;
        kern.k = k;
        kern.windows = windows;
        if (kern.dist.length < windows) {
            kern.dist = new int[windows];
            kern.groupCounts = new int[groups];
            kern.groupOffsets = new int[groups];
        } else if (kern.groupCounts.length < groups) {
            kern.groupCounts = new int[groups];
            kern.groupOffsets = new int[groups];
        }
        if (variant == KMismatchVariant.BIT_PARALLEL) {
            uploadPacked(text, pattern);
        } else {
            uploadBytes(text, pattern);
        }
        if (variant == KMismatchVariant.BLOCK_THREAD) {
            kern.phase = kern.checkedSlot(KMismatchKernel.PHASE_BLOCK);
            for (int base = 0; base < windows; base += BLOCK_GROUPS_PER_LAUNCH) {
                kern.groupBase = base;
                launcher.launch(Math.min(BLOCK_GROUPS_PER_LAUNCH, windows - base));
            }
        } else {
            kern.phase = kern.checkedSlot(variant == KMismatchVariant.THREAD ? KMismatchKernel.PHASE_THREAD
                    : variant == KMismatchVariant.OPT_BLOCK_THREAD ? KMismatchKernel.PHASE_OPT_BLOCK
                    : KMismatchKernel.PHASE_BITS);
            launcher.launch(groups);
        }
        // no keepCurrent(dist): GuardedKernel downloads every bound array the collector may move after each launch
        kern.phase = kern.checkedSlot(KMismatchKernel.PHASE_COUNT);
        launcher.launch(groups);
        kern.get(kern.groupCounts);
        return groups;
    }

    /** Exclusive prefix sum of the first {@code groups} group counts into groupOffsets; the total. */
    private int groupOffsets(int groups) {
        KMismatchKernel kern = launcher.kernel();
        long sum = 0;
        for (int g = 0; g < groups; g++) {
            kern.groupOffsets[g] = (int) sum;
            sum += kern.groupCounts[g];
        }
        return (int) sum;
    }

    private void uploadBytes(Text text, Pattern pattern) {
        KMismatchKernel kern = launcher.kernel();
        if (residentText != text || kern.text != text.bytes()) {
            kern.text = text.bytes();
            kern.put(kern.text);
            residentText = text;
            packedAlphabet = null;
        }
        kern.pattern = pattern.toByteArray();
        kern.put(kern.pattern);
    }

    private void uploadPacked(Text text, Pattern pattern) {
        KMismatchKernel kern = launcher.kernel();
        byte[] p = pattern.toByteArray();
        Alphabet alphabet = text.alphabet().union(Alphabet.of(p));
        SymbolCodePacker packer = new SymbolCodePacker(alphabet);
        if (residentText != text || !sameSymbols(alphabet, packedAlphabet)) {
            kern.packedText = packer.pack(text.bytes());
            kern.put(kern.packedText);
            residentText = text;
            packedAlphabet = alphabet;
        }
        int spw = packer.symbolsPerWord();
        kern.sigma = packer.bits();
        kern.symbolsPerWord = spw;
        kern.patternWords = (p.length + spw - 1) / spw;
        int rest = p.length - (kern.patternWords - 1) * spw;
        kern.lastMask = rest * kern.sigma == 32 ? -1 : (1 << (rest * kern.sigma)) - 1;
        int low = 0;
        for (int s = 0; s < spw; s++) {
            low |= 1 << (s * kern.sigma);
        }
        kern.lowBits = low;
        kern.packedPattern = packer.pack(p);
        kern.put(kern.packedPattern);
    }

    private static boolean sameSymbols(Alphabet a, Alphabet b) {
        if (b == null) {
            return false;
        }
        for (int v = 0; v < 256; v++) {
            if (a.contains(v) != b.contains(v)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        launcher.close();
    }
}
