package org.gpumatch.suffixarray.gpu;

import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.suffixarray.LcpArrays;

/**
 * LCP arrays on an OpenCL device by the Phi method ({@link LcpKernel}), the same values as {@link LcpArrays}:
 * {@code lcp[0] = 0}, {@code lcp[i]} the longest common prefix of the suffixes {@code sa[i - 1]} and {@code sa[i]}.
 *
 * <p>PLCP is computed in chunks of {@link #chunk()} text positions, one work-item each, each walking its positions in
 * text order with the Phi method's carry; a chunk's first value is compared from scratch by a launch of its own, at
 * most {@link #cap()} bytes. Where those all match (a repeat longer than the cap starts there: a periodic text, a text
 * concatenated with itself), the host settles the chunk starts in text order with the same carry across chunks
 * ({@code plcp[s + chunk] >= plcp[s] - chunk}), so the comparisons total O(n) however long the repeats; that costs
 * downloading the Phi array ({@code 4n} bytes) and the start values, and one upload of the latter. On text without
 * repeats over the cap (real text with the default 1024) nothing crosses the bus but the text, the suffix array and the
 * result.
 *
 * <p>Cost on the device: about {@code 4n} random and {@code 8n} sequential bytes for the scatter and the gather, the
 * PLCP walk reads each text byte about twice plus one random read per position; launches: four (five with the host
 * step). Device memory: the text ({@code n} bytes), the suffix array, Phi/PLCP and the result ({@code 4n} each) and
 * {@code 4n / chunk} of start values: {@code 13n} bytes plus a little. Texts up to
 * {@link GpuPrefixDoublingBuilder#MAX_WHOLE_LENGTH} bytes (Aparapi 3.0.2 sizes buffers in {@code int} bytes). Keep a
 * builder for many arrays and close it to release the compiled kernel; not thread-safe.
 */
public final class GpuLcpBuilder implements AutoCloseable {
    /** Text positions per work-item of the PLCP walk. */
    public static final int DEFAULT_CHUNK = 64;
    /** Bytes a chunk start compares on the device before leaving it to the host. */
    public static final int DEFAULT_CAP = 1024;

    private final GuardedKernel<LcpKernel> launcher;
    private final int chunk;
    private final int cap;
    private int lastUnresolved;

    /** A builder on {@code device} with work-groups of 256, chunks of {@link #DEFAULT_CHUNK}. */
    public GpuLcpBuilder(ComputeDevice device) {
        this(device, 256, DEFAULT_CHUNK, DEFAULT_CAP);
    }

    /**
     * @param device    an OpenCL device
     * @param localSize work-group size wanted
     * @param chunk     text positions per work-item of the PLCP walk, at least 1
     * @param cap       bytes a chunk start compares on the device, at least 1
     */
    public GpuLcpBuilder(ComputeDevice device, int localSize, int chunk, int cap) {
        this(device, localSize, chunk, cap, BufferCreation.HOST_POINTER);
    }

    /**
     * A builder whose buffers are made as {@code creation} says: {@link BufferCreation#HOST_POINTER} by default (the
     * text, the suffix array and the two result arrays, 13n bytes, reach the device about ten times faster than with
     * {@link BufferCreation#COPY}, which gpu-core measured at about 1 GB/s on NVIDIA); tests choose {@code COPY} on
     * PoCL, where host pointers would hide a missing {@code get}.
     */
    GpuLcpBuilder(ComputeDevice device, int localSize, int chunk, int cap, BufferCreation creation) {
        if (chunk < 1 || cap < 1) {
            throw new IllegalArgumentException("chunk and cap must be positive: " + chunk + ", " + cap);
        }
        this.launcher = new GuardedKernel<>(new LcpKernel(), device, localSize, creation);
        this.chunk = chunk;
        this.cap = cap;
    }

    /** @return text positions per work-item */
    public int chunk() {
        return chunk;
    }

    /** @return bytes a chunk start compares on the device */
    public int cap() {
        return cap;
    }

    /** @return how many chunk starts the host settled in the last build (their first {@link #cap()} bytes matched) */
    public int lastUnresolved() {
        return lastUnresolved;
    }

    /**
     * @param text the text
     * @param sa its suffix array (not verified; its entries must be offsets of the text)
     * @return the LCP array
     * @throws IllegalArgumentException if the lengths differ or the text is longer than
     *                                  {@link GpuPrefixDoublingBuilder#MAX_WHOLE_LENGTH}
     */
    public int[] build(byte[] text, int[] sa) {
        int n = text.length;
        if (sa.length != n) {
            throw new IllegalArgumentException("suffix array of " + sa.length + " entries for a text of " + n
                    + " bytes");
        }
        if (n > GpuPrefixDoublingBuilder.MAX_WHOLE_LENGTH) {
            throw new IllegalArgumentException("the GPU LCP builder takes texts up to "
                    + GpuPrefixDoublingBuilder.MAX_WHOLE_LENGTH + " bytes, not " + n);
        }
        lastUnresolved = 0;
        if (n == 0) {
            return new int[0];
        }
        int chunks = (int) ((n + (long) chunk - 1) / chunk);
        LcpKernel k = launcher.kernel();
        k.n = n;
        k.chunk = chunk;
        k.cap = cap;
        k.text = text;
        k.sa = sa;
        k.phi = new int[n];
        k.starts = new int[chunks];
        k.lcp = new int[n];
        k.unresolved = new int[1];
        try {
            // every array is bound anew (each build ends by binding placeholders), so the first launch creates every
            // buffer from its array (a put would copy it a second time)
            phase(LcpKernel.PHASE_PHI, n);
            phase(LcpKernel.PHASE_STARTS, chunks);
            k.get(k.unresolved);
            lastUnresolved = k.unresolved[0];
            if (lastUnresolved > 0) {
                k.get(k.phi);
                k.get(k.starts);
                settleStarts(text, k.phi, k.starts, chunk, cap);
                k.put(k.starts);
            }
            phase(LcpKernel.PHASE_CHUNKS, chunks);
            phase(LcpKernel.PHASE_GATHER, n);
            k.get(k.lcp);
            return k.lcp;
        } finally {
            k.text = new byte[1];
            k.sa = new int[1];
            k.phi = new int[1];
            k.starts = new int[1];
            k.lcp = new int[1];
        }
    }

    /**
     * The host step: every start value left at -1 computed in text order, from the larger of the cap (its first
     * {@code cap} bytes matched) and the previous start's value minus the chunk (the Phi carry over a chunk).
     */
    static void settleStarts(byte[] text, int[] phi, int[] starts, int chunk, int cap) {
        int n = text.length;
        int previous = 0;
        for (int c = 0; c < starts.length; c++) {
            if (starts[c] < 0) {
                int s = c * chunk;
                int b = phi[s];
                int l = Math.max(cap, previous - chunk);
                int end = n - Math.max(s, b);
                while (l < end && text[s + l] == text[b + l]) {
                    l++;
                }
                starts[c] = l;
            }
            previous = starts[c];
        }
    }

    private void phase(int phase, int items) {
        LcpKernel k = launcher.kernel();
        k.phase = phase;
        launcher.launch((items + launcher.localSize() - 1) / launcher.localSize());
    }

    @Override
    public void close() {
        launcher.close();
    }
}
