package org.gpumatch.kmismatch.offtarget.gpu;

import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.kmismatch.offtarget.HitList;
import org.gpumatch.kmismatch.offtarget.PartSearcher;
import org.gpumatch.kmismatch.offtarget.SiteMasks;
import org.gpumatch.sequence.PackedGenome;

/**
 * The off-target search as one {@link OffTargetKernel} launch per part on an OpenCL device. A genome whose packed
 * arrays fit a device buffer (under 2 GiB each: 8.5 Gbp) is uploaded once and each part is a launch at its offset;
 * a larger one has each part's words copied into arrays reused from part to part (so the device buffers are too) and
 * uploaded. The hits come back compacted ({@code hits[0]} their number). Device memory: 3/8 byte per base of a part, the masks, 8 bytes per hit
 * slot. Not thread-safe.
 */
final class GpuPartSearcher implements PartSearcher {
    /** Work-items per group. */
    static final int LOCAL_SIZE = 256;
    private final SiteMasks masks;
    private final GuardedKernel<OffTargetKernel> launcher;
    private final int maxPart;
    private long deviceNanos;
    /** Tests: copy each part even when the genome would fit whole. */
    boolean forceCopy;

    /**
     * Compiles the kernel on {@code device}.
     *
     * @param maxPart  sites per launch (a multiple of 32); the part arrays are sized for it
     * @param creation how the device buffers are made ({@link BufferCreation#HOST_POINTER} uploads fastest on NVIDIA)
     */
    GpuPartSearcher(SiteMasks masks, ComputeDevice device, int maxPart, BufferCreation creation) {
        this.masks = masks;
        this.maxPart = maxPart;
        this.launcher = new GuardedKernel<>(new OffTargetKernel(), device, LOCAL_SIZE, creation);
        OffTargetKernel k = launcher.kernel();
        k.slot = k.checkedSlot(OffTargetKernel.SLOT_SEARCH);
        k.words = masks.words();
        k.queries = masks.queries();
        k.limitBase = masks.limitBase();
        k.plain = masks.plain() ? 1 : 0;
        k.strands = masks.strands();
        k.masks = masks.masks();
        k.hits = new int[2 + 2 * 4096];
        k.capacity = 4096;
    }

    @Override
    public void search(int[] baseWords, int[] exceptionWords, boolean settled, long from, int count, HitList out) {
        OffTargetKernel k = launcher.kernel();
        if (settled && fitsWhole(baseWords)) {
            // The whole genome stays on the device: uploaded once, each part a launch at its offset.
            if (k.bases != baseWords) {
                k.bases = baseWords;
                k.exceptions = exceptionWords;
                k.put(k.bases).put(k.exceptions);
            }
            k.siteBase = from;
        } else {
            int words = (count + 64) / PackedGenome.BASES_PER_WORD + PackedGenome.PAD_WORDS;
            int maskWords = (count + 64) / PackedGenome.MASK_BITS_PER_WORD + PackedGenome.PAD_WORDS;
            if (k.bases.length < words || k.bases == baseWords) {
                k.bases = new int[words]; // the first part is the largest: later parts reuse these arrays
                k.exceptions = new int[maskWords];
            }
            copyWords(baseWords, (int) (from / PackedGenome.BASES_PER_WORD), k.bases, words);
            copyWords(exceptionWords, (int) (from / PackedGenome.MASK_BITS_PER_WORD), k.exceptions, maskWords);
            k.siteBase = 0;
            k.put(k.bases).put(k.exceptions);
        }
        k.windows = count;
        k.put(k.masks);
        int groups = (count + launcher.localSize() - 1) / launcher.localSize();
        while (true) {
            k.hits[0] = 0;
            k.put(k.hits);
            LaunchTiming t = launcher.launch(groups);
            if (t.kernelNanos() > 0) {
                deviceNanos += t.kernelNanos();
            }
            k.get(k.hits);
            int found = k.hits[0];
            if (found <= k.capacity) {
                for (int i = 0; i < found; i++) {
                    out.add(from + k.hits[2 + 2 * i], k.hits[3 + 2 * i]);
                }
                return;
            }
            k.capacity = found + found / 4;
            k.hits = new int[2 + 2 * k.capacity];
        }
    }

    /** Whether the genome's arrays can be device buffers as they are (Aparapi: under 2 GiB each; the device's limit). */
    private boolean fitsWhole(int[] baseWords) {
        if (forceCopy) {
            return false;
        }
        long bytes = 4L * baseWords.length;
        long limit = Math.min(Integer.MAX_VALUE - 64, launcher.device().maxAllocBytes());
        return bytes <= limit;
    }

    /** Copies {@code count} words from {@code src[at]}, zero past the source's end. */
    private static void copyWords(int[] src, int at, int[] dst, int count) {
        int n = Math.max(0, Math.min(count, src.length - at));
        System.arraycopy(src, at, dst, 0, n);
        java.util.Arrays.fill(dst, n, Math.min(dst.length, count + PackedGenome.PAD_WORDS), 0);
    }

    @Override
    public int maxPart() {
        return maxPart;
    }

    @Override
    public long deviceNanos() {
        return deviceNanos;
    }

    @Override
    public String describe() {
        return "OpenCL on " + launcher.device().describe();
    }

    @Override
    public void close() {
        launcher.close();
    }
}
