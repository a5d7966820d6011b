package org.gpumatch.gpu.primitives;

/**
 * The kernel of {@link GpuArraySorter} (issue 21): a {@link GridKernel} that serves only the radix sort
 * ({@link GridDriver} refuses every other primitive and pipeline launch on it; no pipeline can extend it: package-private
 * constructor). Its device code is {@link GridKernel}'s: {@code run()} dispatches each sort launch to
 * {@link GridKernel#radixPass()}, the one radix sort of the project, described here. u32 keys in {@link #in} /
 * {@link #out} here, u64 keys in {@link #wide} / {@link #wideAlt} in {@link GridSortWideKernel} (the class constant
 * {@link #wideSortSteps()} on); optional u32 values in {@link #aux} / {@link #auxAlt}. The class constant
 * {@link #tileSteps()} is off, so the device compiler sees the sort's launches alone and the registers are the sort's:
 * 72 with NVIDIA's compiler on the H200 (2026-11-29; 86 before u32 keys went through the tile; with every primitive
 * compiled in, the count was the heaviest path's, 128: gpu-core/README.md, "The sort's registers"). u32 keys without
 * values move through the local tile themselves ({@link #keysInTileSteps()}, README "Keys through the tile").
 *
 * <p>Per pass of up to 8 bits ({@code R = 2^width} digits, a grid of {@code G} work-groups of {@code L}, tiles of
 * {@code T = 16 L}):
 * <ol>
 *   <li>{@link GridKernel#PH_UP}, {@code G} work-groups: each counts the digits of its range of tiles (coalesced loads,
 *       local atomic counters) and writes them digit-major, {@code spine[d * G + g]}; 2 barriers.</li>
 *   <li>{@link GridKernel#PH_SPINE}, {@code R} work-groups, one per digit: work-group {@code d} scans its digit's
 *       {@code G} counts exclusively in place (each work-item a contiguous run of them, one group scan) and writes the
 *       digit's total to {@code spine[R * G + d]}.</li>
 *   <li>{@link GridKernel#PH_DOWN}, {@code G} work-groups: a first step scans the {@code R} digit totals (each digit's
 *       base) and starts every digit's output offset at base + the group's spine entry (local {@code off[d]}); then
 *       each tile is ranked in local memory by the low and then the high nibble of its digit (one step each, one step
 *       for {@code R <= 16}), and scattered by the next tile's first step (or a last step).</li>
 * </ol>
 * A tile step: every work-item takes its {@link GridKernel#ITEMS} consecutive elements (the first step loads them from
 * global memory: the key's digit and the tile position packed as {@code digit << 16 | position}; the second reads
 * them from the local tile) and counts their nibbles in its own column of 16-bit counters packed two to an int,
 * {@code counter[nibble & 7][workItem]} (the high half for nibbles 8..15), keeping each element's count before it
 * (its rank among its own elements of that nibble, in bits 24..31 of the entry); the first step also counts the tile's
 * full digits in local atomic counters. Then one Kogge-Stone group scan ({@link #groupScanLong}) of a 64-bit value
 * per work-item: low word the sum of its 8 consecutive counter words (lane-major order is digit-major order, so the
 * scan of the words is the tile's digit-major prefix; the high halves get the low halves' total added), high word the
 * sum of its digits' tile counts (whose prefix is each digit's run start in the sorted tile: the first step turns it
 * into {@code delta[d] = off[d] - runStart[d]} and advances {@code off[d]} by the digit's count). Each element goes to
 * the local tile at its rank (its column's scanned counter plus its own count); after the last nibble the tile is
 * sorted by digit (stable), and the scatter moves element {@code p} of the sorted tile (striped: consecutive
 * work-items write consecutive addresses of a digit's run) from its original position (keys and values read from
 * global memory, the tile's window) to {@code delta[d] + p}, {@link GridKernel#SCATTER_BATCH} elements' loads before
 * their stores. u32 keys without values: the tile holds the keys themselves (each element's count before it in 4 bits
 * of two ints), and the scatter reads them from the sorted tile: no gathers. u32 pairs run on
 * {@link GridSortPairsKernel}, whose tile also holds each key's position, so only the values are gathered.
 *
 * <p>Barriers per tile step: 3 + {@code log2 L + 1} (the group scan's); per tile 2 steps (24 with {@code L = 256}).
 * Local memory per work-group: the tile ({@code 4 * padded(T)}), the counters ({@code 4 * 8 L}), {@code off} and
 * {@code delta} ({@code 2 * 4 * 256}), the group scan's double buffer ({@code 2 * 8 L}: {@link TileKernel}'s lanes,
 * sized for {@code groupScanLong} alone, {@code longScanOnly()}) and 256 atomic counters: 32,272 bytes with
 * {@code L = 256} (tile 4096, with one int holding the local size), 17,680 with 128. Launches per pass: 3. Global memory
 * per element and pass: the key read three times (count, rank, scatter: the last from the tile's window, mostly
 * cache; twice for keys alone), the value read once, key and value written once, plus {@code 8 (R G + R)} bytes of
 * spine.
 */
public class GridSortKernel extends GridKernel {
    /** The lean u32 sort (u64: {@link GridSortWideKernel}). */
    GridSortKernel() {
    }

    /** The radix sort alone (and the empty launch, reads of results). */
    @Override
    protected boolean servesOp(int op) {
        return op == OP_RADIX;
    }

    /** u32 keys without values move through the tile themselves (no gathers in the scatter). */
    @Override
    protected boolean keysInTileSteps() {
        return true;
    }

    /** No tile steps: the sort's registers alone decide how many work-groups share a compute unit. */
    @Override
    protected final boolean tileSteps() {
        return false;
    }

}
