package org.gpumatch.gpu.primitives;

/**
 * The lean radix sort of the grid layer (issue 21): a {@link GridKernel} whose {@code run()} holds only the launches
 * of {@link GridDriver#sort} (digit counts, spine, ranking and scatter) plus the barrier-free clear and read launches,
 * so that the kernel carries none of the monolith's other steps, its 64-bit lanes or their registers. u32 keys in
 * {@link #in} / {@link #out} here, u64 keys in {@link #wide} / {@link #wideAlt} in {@link GridSortWideKernel} (one
 * source, the class constant {@link #wideSortSteps()}); optional u32 values in {@link #aux} / {@link #auxAlt}.
 * {@link GpuArraySorter} runs it; {@link GridDriver} refuses every other primitive on it, and no pipeline can extend it
 * (package-private constructor).
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
 * global memory, the tile's window) to {@code delta[d] + p}.
 *
 * <p>Barriers per tile step: 3 + {@code log2 L + 1} (the group scan's); per tile 2 steps (24 with {@code L = 256}).
 * Local memory per work-group: the tile ({@code 4 * padded(T)}), the counters ({@code 4 * 8 L}), {@code off} and
 * {@code delta} ({@code 2 * 4 * 256}), the group scan's double buffer ({@code 2 * 8 L}, inside {@link TileKernel}'s
 * lanes) and 256 atomic counters: about 37 KB with {@code L = 256} (tile 4096). Launches per pass: 3. Global memory
 * per element and pass: the key read three times (count, rank, scatter: the last from the tile's window, mostly
 * cache), the value read once, key and value written once, plus {@code 8 (R G + R)} bytes of spine.
 */
public class GridSortKernel extends GridKernel {
    /** Counter words per work-item: 16 nibble counters of 16 bits. */
    static final int COUNTER_WORDS = 8;
    /** Digits of an 8-bit pass. */
    static final int MAX_RADIX = 1 << DIGIT_BITS;

    /** The lean u32 sort (u64: {@link GridSortWideKernel}). */
    GridSortKernel() {
    }

    /** The radix sort alone (and the empty launch, reads of results). */
    @Override
    protected boolean servesOp(int op) {
        return op == OP_RADIX;
    }

    /** The spine of one work-group per digit, each digit's total after the digit-major counts. */
    @Override
    protected boolean digitSpine() {
        return true;
    }

    /** Local ints of a downsweep: the tile, the counters, {@code off} and {@code delta}; none for the other launches. */
    @Override
    protected int localInts(int localSize) {
        return gridPhase == PH_DOWN ? downLocalInts(localSize) : 0;
    }

    /** The downsweep's local ints for work-groups of {@code localSize}. */
    static int downLocalInts(int localSize) {
        return padded(localSize * ITEMS) + COUNTER_WORDS * localSize + 2 * MAX_RADIX;
    }

    /** Local atomic counters: the digit counts of the upsweep and of each downsweep tile. */
    @Override
    protected int localCounters(int localSize) {
        return gridPhase == PH_UP || gridPhase == PH_DOWN ? MAX_RADIX : 0;
    }

    @Override
    public void run() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int gid = getGlobalId();
        if (gridPhase == PH_CLEAR && gid < gridCount) {
            result[RESULT_BASE + gid] = 0;
        }
        if (gridPhase == PH_READ && gid < gridCount) {
            readBack[gid] = result[gid];
        }
        boolean up = gridPhase == PH_UP;
        boolean spinePhase = gridPhase == PH_SPINE;
        boolean down = gridPhase == PH_DOWN;
        int tile = size * ITEMS;
        int radix = gridRadix;
        int groups = gridGroups;
        int cnt = padded(tile); // counter words: word (lane c, work-item w) at cnt + c * size + w
        int offs = cnt + COUNTER_WORDS * size; // off[d]: the digit's next output position
        int dels = offs + MAX_RADIX; // delta[d]: off[d] - runStart[d] of the last ranked tile
        int perItem = (radix + size - 1) / size; // digits per work-item, contiguous
        int firstDigit = Math.min(radix, t * perItem);
        int endDigit = Math.min(radix, firstDigit + perItem);
        int passes = radix > 16 ? 2 : 1; // nibble passes per tile
        for (int d = t; (up || down) && d < radix; d += size) {
            atomicSet(tileCounters[d], 0);
        }
        for (int c = 0; down && c < COUNTER_WORDS; c++) {
            tileInts[cnt + c * size + t] = 0;
        }
        localBarrier(); // counters zero

        int[] e = new int[ITEMS];
        // upsweep: the group's digit counts (the loads of a tile issued together, then counted)
        int upFirst = g * gridTilesPerGroup;
        int upEnd = up ? Math.min(upFirst + gridTilesPerGroup, (gridCount + tile - 1) / tile) : 0;
        for (int tl = upFirst; tl < upEnd; tl++) {
            int base = tl * tile;
            int valid = Math.min(tile, gridCount - base);
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                e[i] = j < valid ? digitOf(base + j) : -1;
            }
            for (int i = 0; i < ITEMS; i++) {
                if (e[i] >= 0) {
                    atomicAdd(tileCounters[e[i]], 1);
                }
            }
        }

        // spine (one step) and downsweep (digit bases, then the tile steps, then the last tile's scatter)
        int firstTile = g * gridTilesPerGroup;
        int tiles = (gridCount + tile - 1) / tile;
        int myTiles = down ? Math.max(0, Math.min(gridTilesPerGroup, tiles - firstTile)) : 0;
        int steps = spinePhase ? 1 : down ? 2 + passes * myTiles : 0;
        int[] words = new int[COUNTER_WORDS];
        for (int s = 0; s < steps; s++) {
            boolean tileStep = down && s >= 1 && s <= passes * myTiles;
            int tl = tileStep ? (s - 1) / passes : myTiles;
            int sub = tileStep ? (s - 1) % passes : 0;
            int base = (firstTile + tl) * tile;
            int valid = tileStep ? Math.min(tile, gridCount - base) : 0;
            // (a) the previous tile's scatter (its first step), this tile step's counting
            if (down && sub == 0 && tl >= 1 && s >= 1) {
                int prevBase = base - tile;
                int prevValid = Math.min(tile, gridCount - prevBase);
                for (int i = 0; i < ITEMS; i++) {
                    int p = t + i * size;
                    if (p < prevValid) {
                        int v = tileInts[pad(p)];
                        moveElement(prevBase + (v & 0xFFFF), tileInts[dels + (v >>> 16)] + p);
                    }
                }
            }
            if (tileStep) {
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    int v = 0;
                    if (q < valid) {
                        v = sub == 0 ? digitOf(base + q) << 16 | q : tileInts[pad(q)];
                    }
                    e[i] = v;
                }
                for (int i = 0; i < ITEMS; i++) {
                    if (t * ITEMS + i < valid) {
                        int v = e[i];
                        int nibble = (v >>> (16 + 4 * sub)) & 15;
                        int at = cnt + (nibble & 7) * size + t;
                        int shift = (nibble >> 3) << 4;
                        int w = tileInts[at];
                        tileInts[at] = w + (1 << shift);
                        e[i] = v | ((w >>> shift) & 0xFFFF) << 24;
                        if (sub == 0) {
                            atomicAdd(tileCounters[v >>> 16], 1);
                        }
                    }
                }
            }
            localBarrier(); // (A) counted
            // (b) this work-item's contribution: counter words | digit counts (tile), totals (bases), counts (spine)
            long mine = 0;
            if (tileStep) {
                int sum = 0;
                for (int j = 0; j < COUNTER_WORDS; j++) {
                    words[j] = tileInts[cnt + COUNTER_WORDS * t + j];
                    sum += words[j];
                }
                long digits = 0;
                for (int d = firstDigit; sub == 0 && d < endDigit; d++) {
                    digits += atomicGet(tileCounters[d]);
                }
                mine = digits << 32 | sum;
            }
            if (down && s == 0) {
                for (int d = firstDigit; d < endDigit; d++) {
                    mine += spine[radix * groups + d];
                }
            }
            int perSpine = (groups + size - 1) / size;
            int spineFirst = Math.min(groups, t * perSpine);
            int spineEnd = Math.min(groups, spineFirst + perSpine);
            for (int j = spineFirst; spinePhase && j < spineEnd; j++) {
                mine += spine[g * groups + j];
            }
            long inclusive = groupScanLong(mine);
            long total = groupScanLongTotal();
            long before = inclusive - mine;
            // (c) write the scanned values back
            if (tileStep) {
                int wordRun = (int) before + (((int) total & 0xFFFF) << 16); // high halves after all low halves
                for (int j = 0; j < COUNTER_WORDS; j++) {
                    tileInts[cnt + COUNTER_WORDS * t + j] = wordRun;
                    wordRun += words[j];
                }
                int start = (int) (before >>> 32);
                for (int d = firstDigit; sub == 0 && d < endDigit; d++) {
                    int c = atomicGet(tileCounters[d]);
                    atomicSet(tileCounters[d], 0);
                    tileInts[dels + d] = tileInts[offs + d] - start;
                    tileInts[offs + d] += c;
                    start += c;
                }
            }
            if (down && s == 0) {
                int baseRun = (int) before;
                for (int d = firstDigit; d < endDigit; d++) {
                    tileInts[offs + d] = baseRun + (int) spine[d * groups + g];
                    baseRun += (int) spine[radix * groups + d];
                }
            }
            long spineRun = before;
            for (int j = spineFirst; spinePhase && j < spineEnd; j++) {
                long c = spine[g * groups + j];
                spine[g * groups + j] = spineRun;
                spineRun += c;
            }
            if (spinePhase && t == 0) {
                spine[radix * groups + g] = total;
            }
            localBarrier(); // (B) counters scanned
            // (d) every element to its rank in the local tile; the own counter column zeroed for the next step
            if (tileStep) {
                for (int i = 0; i < ITEMS; i++) {
                    if (t * ITEMS + i < valid) {
                        int v = e[i];
                        int entry = v & 0xFFFFFF;
                        int nibble = (entry >>> (16 + 4 * sub)) & 15;
                        int shift = (nibble >> 3) << 4;
                        int rank = ((tileInts[cnt + (nibble & 7) * size + t] >>> shift) & 0xFFFF) + (v >>> 24);
                        tileInts[pad(rank)] = entry;
                    }
                }
                for (int c = 0; c < COUNTER_WORDS; c++) {
                    tileInts[cnt + c * size + t] = 0;
                }
            }
            localBarrier(); // (C) the tile ranked
        }
        localBarrier(); // the upsweep's counts complete
        for (int d = t; up && d < radix; d += size) {
            spine[d * groups + g] = atomicGet(tileCounters[d]);
        }
    }

    /** The current pass' digit of the source key at {@code j}. */
    private int digitOf(int j) {
        return wideSortSteps() ? (int) ((gridDirection == 0 ? wide[j] : wideAlt[j]) >>> gridShift) & gridMask
                : ((gridDirection == 0 ? in[j] : out[j]) >>> gridShift) & gridMask;
    }

    /** Moves key (and value) {@code from} the source arrays {@code to} the destination arrays. */
    private void moveElement(int from, int to) {
        boolean forward = gridDirection == 0;
        if (wideSortSteps() && forward) {
            wideAlt[to] = wide[from];
        }
        if (wideSortSteps() && !forward) {
            wide[to] = wideAlt[from];
        }
        if (!wideSortSteps() && forward) {
            out[to] = in[from];
        }
        if (!wideSortSteps() && !forward) {
            in[to] = out[from];
        }
        if (gridWithValues != 0 && forward) {
            auxAlt[to] = aux[from];
        }
        if (gridWithValues != 0 && !forward) {
            aux[to] = auxAlt[from];
        }
    }
}
