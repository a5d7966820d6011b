package org.gpumatch.gpu.primitives;

/**
 * Sequential scans in plain Java: the reference twin of {@link DeviceScan} and {@link GroupScanKernel#groupScan}.
 * Elements are stored lane-interleaved: lane {@code l} of element {@code i} at {@code [i * width + l]}.
 */
public final class ScanReference {
    private ScanReference() {
    }

    /** {@code out[i] = in[0] (+) ... (+) in[i]}; returns a new array of {@code in.length} ints. */
    public static int[] inclusive(int[] in, ScanOperator op) {
        return scan(in, op, true);
    }

    /** {@code out[i] = in[0] (+) ... (+) in[i-1]}, {@code out[0]} the identity. */
    public static int[] exclusive(int[] in, ScanOperator op) {
        return scan(in, op, false);
    }

    private static int[] scan(int[] in, ScanOperator op, boolean inclusive) {
        int w = op.width();
        if (in.length % w != 0) {
            throw new IllegalArgumentException("input length " + in.length + " is not a multiple of width " + w);
        }
        int[] out = new int[in.length];
        int[] acc = new int[4];
        int[] x = new int[4];
        int[] next = new int[4];
        for (int l = 0; l < w; l++) {
            acc[l] = op.identity(l);
        }
        for (int i = 0; i < in.length / w; i++) {
            for (int l = 0; l < w; l++) {
                x[l] = in[i * w + l];
            }
            if (!inclusive) {
                System.arraycopy(acc, 0, out, i * w, w);
            }
            for (int l = 0; l < w; l++) {
                next[l] = op.combine(l, acc[0], acc[1], acc[2], acc[3], x[0], x[1], x[2], x[3]);
            }
            System.arraycopy(next, 0, acc, 0, w);
            if (inclusive) {
                System.arraycopy(acc, 0, out, i * w, w);
            }
        }
        return out;
    }
}
