package org.gpumatch.gpu.primitives;

import java.util.ArrayList;
import java.util.List;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of a device-wide scan run inside a pipeline kernel ({@link DeviceScanKernel}): decides the levels, sizes
 * the tile totals, sets the pass fields and launches through the kernel's {@link GuardedKernel} (so every launch is
 * checked for a silent fallback).
 *
 * <p>Passes for {@code count} elements with tiles of {@code T = localSize * items} elements: one reduce pass per level
 * while a level has more than {@code T} elements (level k+1 holds the tile totals of level k), one exclusive scan of
 * the top level in a single work-group, then one scan pass per level back down, each tile starting from its carry-in;
 * the last pass writes the caller's output through {@link DeviceScanKernel#scanStore}. So {@code count <= T}: one
 * launch; {@code count <= T^2}: three; {@code count <= T^3}: five. Work: each input element is loaded twice and
 * combined about twice, plus {@code log2(localSize)} combines per work-item in each group scan.
 *
 * <p>Memory: {@code 4 * width * (count / T + count / T^2 + ...)} bytes of tile totals on the device and the host
 * ({@link #partialsInts}); nothing per element beyond what the caller's load and store touch.
 *
 * <p>Results stay on the device: the caller downloads them or consumes them in a later launch. Explicit-mode caveat
 * (aparapi-guide.md section 5): if the GC moves the Java array of an output between two launches, Aparapi rebuilds the
 * device buffer from the (stale) host copy, so a caller that keeps outputs on the device across launches must detect
 * that (the cooperative Rabin-Karp matcher plants a sentinel) or download them. The tile totals are downloaded after
 * each launch that writes them, so a rebuilt partials buffer always starts from current data.
 *
 * <p>Determinism: the grouping of the combines depends only on count, localSize and items, so results are
 * reproducible; for an associative operator they equal the sequential scan ({@link ScanReference}).
 */
public final class DeviceScan {
    private final GuardedKernel<? extends DeviceScanKernel> launcher;
    private final int items;

    /**
     * A scan driver for the kernel behind {@code launcher}.
     *
     * @param itemsPerWorkItem consecutive elements each work-item combines serially, at least 1
     */
    public DeviceScan(GuardedKernel<? extends DeviceScanKernel> launcher, int itemsPerWorkItem) {
        if (itemsPerWorkItem < 1) {
            throw new IllegalArgumentException("itemsPerWorkItem must be positive: " + itemsPerWorkItem);
        }
        this.launcher = launcher;
        this.items = itemsPerWorkItem;
    }

    /** Elements per tile: the kernel's work-group size times the items per work-item. */
    public int tileElements() {
        return launcher.localSize() * items;
    }

    /** Ints of tile totals needed to scan {@code count} elements of {@code width} lanes with tiles of {@code tile}. */
    public static long partialsInts(long count, int width, int tile) {
        long total = 0;
        long c = count;
        while (c > tile) {
            c = (c + tile - 1) / tile;
            total += c * width;
        }
        return total;
    }

    /** {@code out[i] = in[0] (+) ... (+) in[i]} for {@code 0 <= i < count}, written through {@code scanStore}. */
    public LaunchTiming inclusive(int op, int width, int count) {
        return run(op, width, count, DeviceScanKernel.SCAN_INCLUSIVE, 0);
    }

    /** {@code out[i] = in[0] (+) ... (+) in[i-1]}, {@code out[0]} the identity, written through {@code scanStore}. */
    public LaunchTiming exclusive(int op, int width, int count) {
        return run(op, width, count, DeviceScanKernel.SCAN_EXCLUSIVE, 0);
    }

    /**
     * Inclusive int-add scan for a pipeline whose current launch calls
     * {@link DeviceScanKernel#scanIntsPass}{@code (slot, in, out)}: {@code out[i] = in[0] + ... + in[i]} (32-bit, wrapping).
     */
    public LaunchTiming inclusiveInts(int slot, int count) {
        return run(GroupScanKernel.OP_BUILTIN_INT_ADD, 1, count, DeviceScanKernel.SCAN_INCLUSIVE, checkSlot(slot));
    }

    /**
     * Exclusive int-add scan for a pipeline whose current launch calls
     * {@link DeviceScanKernel#scanIntsPass}{@code (slot, in, out)}: {@code out[i] = in[0] + ... + in[i-1]}, {@code out[0] = 0}.
     */
    public LaunchTiming exclusiveInts(int slot, int count) {
        return run(GroupScanKernel.OP_BUILTIN_INT_ADD, 1, count, DeviceScanKernel.SCAN_EXCLUSIVE, checkSlot(slot));
    }

    private static int checkSlot(int slot) {
        if (slot < 1) {
            throw new IllegalArgumentException("slot of an array scan must be at least 1: " + slot);
        }
        return slot;
    }

    private LaunchTiming run(int op, int width, int count, int mode, int slot) {
        if (width < 1 || width > GroupScanKernel.MAX_WIDTH) {
            throw new IllegalArgumentException("width must be 1.." + GroupScanKernel.MAX_WIDTH + ": " + width);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        if (count == 0) {
            return LaunchTiming.NONE;
        }
        DeviceScanKernel k = launcher.kernel();
        int localSize = launcher.localSize();
        int tile = localSize * items;

        // level 0 is the caller's input; level l + 1 holds the tile totals of level l
        List<Integer> counts = new ArrayList<>();
        List<Integer> offsets = new ArrayList<>();
        counts.add(count);
        offsets.add(0);
        int partials = 0;
        while (counts.get(counts.size() - 1) > tile) {
            int c = counts.get(counts.size() - 1);
            int next = (int) (((long) c + tile - 1) / tile);
            offsets.add(partials);
            counts.add(next);
            partials += next * width;
        }
        if (k.scanPartials.length < partials) {
            k.scanPartials = new int[partials];
        }
        int top = counts.size() - 1;

        k.scanSlot = slot;
        k.scanOp = op;
        k.scanWidth = width;
        k.scanItems = items;
        LaunchTiming timing = null;
        try {
            for (int level = 0; level < top; level++) {
                timing = add(timing, pass(k, DeviceScanKernel.SCAN_REDUCE, level, counts.get(level), offsets.get(level),
                        offsets.get(level + 1), -1, tile));
                k.get(k.scanPartials);
            }
            for (int level = top; level >= 0; level--) {
                int passMode = level == 0 ? mode : DeviceScanKernel.SCAN_EXCLUSIVE;
                int carry = level == top ? -1 : offsets.get(level + 1);
                timing = add(timing, pass(k, passMode, level, counts.get(level), offsets.get(level), 0, carry, tile));
                if (level > 0) {
                    k.get(k.scanPartials);
                }
            }
        } finally {
            k.scanMode = DeviceScanKernel.SCAN_OFF;
        }
        return timing;
    }

    private LaunchTiming pass(DeviceScanKernel k, int mode, int level, int count, int inOffset, int outOffset,
                              int carryOffset, int tile) {
        k.scanMode = mode;
        k.scanLevel = level;
        k.scanCount = count;
        k.scanInOffset = inOffset;
        k.scanOutOffset = outOffset;
        k.scanCarryOffset = carryOffset;
        int groups = (int) (((long) count + tile - 1) / tile);
        return launcher.launch(groups);
    }

    private static LaunchTiming add(LaunchTiming sum, LaunchTiming t) {
        return sum == null ? t : sum.plus(t);
    }
}
