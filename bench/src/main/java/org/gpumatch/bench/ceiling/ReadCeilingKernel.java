package org.gpumatch.bench.ceiling;

import com.aparapi.Kernel;

/**
 * The streaming read ceiling: every work-item reads {@code wordsPerItem} ints of a resident array with a grid-stride
 * loop (consecutive work-items read consecutive words: fully coalesced) and folds them with XOR. The result is written
 * only when it equals a value that random data essentially never gives, so the kernel reads n*4 bytes and writes
 * nothing, yet the compiler cannot drop the reads.
 */
public final class ReadCeilingKernel extends Kernel {
    /** The XOR result that triggers the (never taken) write. */
    static final int SENTINEL = 0x5EED_F00D;

    int[] data;
    int[] sink;
    /** Words in {@link #data} to read. */
    int words;

    public ReadCeilingKernel(int[] data) {
        this.data = data;
        this.sink = new int[1];
        this.words = data.length;
    }

    @Override
    public void run() {
        int stride = getGlobalSize();
        int acc = 0;
        for (int i = getGlobalId(); i < words; i += stride) {
            acc ^= data[i];
        }
        if (acc == SENTINEL) {
            sink[0] = acc;
        }
    }
}
