package org.gpumatch.gpu.primitives;

import java.util.Arrays;

/**
 * Sequential plain-Java twins of the {@link GpuArrays} primitives (scan, reduce, select, gather, scatter,
 * histogram), with the same semantics as the device: int scans wrap at 32 bits, int sums are exact longs, selects are
 * stable. Each runs one pass over its input and allocates only its result.
 */
public final class PrimitivesReference {
    private PrimitivesReference() {
    }

    /** {@code out[i] = in[0] + ... + in[i]} (inclusive) or {@code + in[i-1]} (exclusive), wrapping. */
    public static int[] scan(int[] in, boolean inclusive) {
        int[] out = new int[in.length];
        int acc = 0;
        for (int i = 0; i < in.length; i++) {
            if (!inclusive) {
                out[i] = acc;
            }
            acc += in[i];
            if (inclusive) {
                out[i] = acc;
            }
        }
        return out;
    }

    /** As {@link #scan(int[], boolean)} for longs. */
    public static long[] scan(long[] in, boolean inclusive) {
        long[] out = new long[in.length];
        long acc = 0;
        for (int i = 0; i < in.length; i++) {
            if (!inclusive) {
                out[i] = acc;
            }
            acc += in[i];
            if (inclusive) {
                out[i] = acc;
            }
        }
        return out;
    }

    /** The exact sum of the ints. */
    public static long sum(int[] in) {
        long s = 0;
        for (int x : in) {
            s += x;
        }
        return s;
    }

    /** The sum of the longs (wrapping at 64 bits). */
    public static long sum(long[] in) {
        long s = 0;
        for (long x : in) {
            s += x;
        }
        return s;
    }

    /** The minimum; the array must not be empty. */
    public static int min(int[] in) {
        return Arrays.stream(in).min().orElseThrow(() -> new IllegalArgumentException("min of no elements"));
    }

    /** The maximum; the array must not be empty. */
    public static int max(int[] in) {
        return Arrays.stream(in).max().orElseThrow(() -> new IllegalArgumentException("max of no elements"));
    }

    /** The minimum; the array must not be empty. */
    public static long min(long[] in) {
        return Arrays.stream(in).min().orElseThrow(() -> new IllegalArgumentException("min of no elements"));
    }

    /** The maximum; the array must not be empty. */
    public static long max(long[] in) {
        return Arrays.stream(in).max().orElseThrow(() -> new IllegalArgumentException("max of no elements"));
    }

    /** The elements whose flag is non-zero, in order. */
    public static int[] selectFlagged(int[] values, int[] flags) {
        int[] out = new int[values.length];
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            if (flags[i] != 0) {
                out[n++] = values[i];
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The longs whose flag is non-zero, in order. */
    public static long[] selectFlagged(long[] values, int[] flags) {
        long[] out = new long[values.length];
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            if (flags[i] != 0) {
                out[n++] = values[i];
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The indices whose flag is non-zero, ascending. */
    public static int[] selectIndices(int[] flags) {
        int[] out = new int[flags.length];
        int n = 0;
        for (int i = 0; i < flags.length; i++) {
            if (flags[i] != 0) {
                out[n++] = i;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The ints {@code x} with {@code x (c) operand}, in order. */
    public static int[] selectIf(int[] values, Comparison c, long operand) {
        return Arrays.stream(values).filter(x -> c.holds(x, operand)).toArray();
    }

    /** The longs {@code x} with {@code x (c) operand}, in order. */
    public static long[] selectIf(long[] values, Comparison c, long operand) {
        return Arrays.stream(values).filter(x -> c.holds(x, operand)).toArray();
    }

    /** {@code out[i] = in[idx[i]]}. */
    public static int[] gather(int[] in, int[] idx) {
        return Arrays.stream(idx).map(j -> in[j]).toArray();
    }

    /** {@code out[i] = in[idx[i]]}. */
    public static long[] gather(long[] in, int[] idx) {
        return Arrays.stream(idx).mapToLong(j -> in[j]).toArray();
    }

    /** {@code out[idx[i]] = in[i]} into a zeroed array of {@code length} (indices distinct). */
    public static int[] scatter(int[] in, int[] idx, int length) {
        int[] out = new int[length];
        for (int i = 0; i < in.length; i++) {
            out[idx[i]] = in[i];
        }
        return out;
    }

    /** {@code out[idx[i]] = in[i]} into a zeroed array of {@code length} (indices distinct). */
    public static long[] scatter(long[] in, int[] idx, int length) {
        long[] out = new long[length];
        for (int i = 0; i < in.length; i++) {
            out[idx[i]] = in[i];
        }
        return out;
    }

    /** Counts of bin {@code floor((x - low) / width)} in {@code [0, bins)}; other values are not counted. */
    public static int[] histogram(int[] values, int bins, long low, long width) {
        int[] out = new int[bins];
        for (int x : values) {
            long d = (long) x - low;
            if (d >= 0 && d < (long) bins * width) {
                out[(int) (d / width)]++;
            }
        }
        return out;
    }
}
