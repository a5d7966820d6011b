/**
 * GPU primitives that any pipeline kernel can use; this package imports no matcher.
 *
 * <p>Aparapi gives every kernel instance its own OpenCL context, so a primitive cannot be a kernel of its own that
 * another kernel's buffers flow into: its device code must be in the pipeline's kernel class. The one composition
 * model: {@link org.gpumatch.gpu.primitives.TileKernel} is the single base (barrier core, additive local memory,
 * checked slots), {@link org.gpumatch.gpu.primitives.GridKernel} the grid layer of fixed-grid primitives a pipeline
 * extends (its own launches through barrier-free hooks in phase {@code PH_PIPELINE}), and
 * {@link org.gpumatch.gpu.primitives.GridDriver} the host side for any kernel of that layer. The classes of the old
 * chain listed below (the layers under {@code PrimitiveKernel} and their drivers) remain until every module has moved
 * onto the grid layer.
 *
 * <ul>
 *   <li>{@link org.gpumatch.gpu.primitives.GroupScanKernel}: work-group scan in local memory (Hillis-Steele) of
 *       elements of 1 to 4 int lanes under an associative, not necessarily commutative, operator.</li>
 *   <li>{@link org.gpumatch.gpu.primitives.DeviceScanKernel} + {@link org.gpumatch.gpu.primitives.DeviceScan}:
 *       device-wide inclusive or exclusive scan of any length (reduce-then-scan over tiles, recursive over the tile
 *       totals).</li>
 *   <li>Operators: {@link org.gpumatch.gpu.primitives.IntAddOp}, {@link org.gpumatch.gpu.primitives.Mat2ModP}
 *       (2x2 matrices over Z_p, right or left product); host twins implement
 *       {@link org.gpumatch.gpu.primitives.ScanOperator} and {@link org.gpumatch.gpu.primitives.ScanReference}
 *       is the sequential reference.</li>
 *   <li>{@link org.gpumatch.gpu.primitives.SelectKernel} + {@link org.gpumatch.gpu.primitives.ChunkDriver} (old
 *       chain): int and long scan, reduce and stable select on arrays the pipeline passes, per-work-item chunks
 *       without barriers. {@link org.gpumatch.gpu.primitives.GpuArrays} runs scan, reduce, select, gather, scatter
 *       and histogram of ints and longs on Java arrays on the grid layer;
 *       {@link org.gpumatch.gpu.primitives.PrimitivesReference} is their sequential twin.</li>
 *   <li>{@link org.gpumatch.gpu.primitives.RadixSortKernel} + {@link org.gpumatch.gpu.primitives.DeviceRadixSort}:
 *       stable LSD radix sort (u32/u64 keys, u32 values, bit ranges) around the device scan, tile-ranked in local
 *       memory (default) or by barrier-free per-work-item chunks
 *       ({@link org.gpumatch.gpu.primitives.RadixSortAlgorithm});
 *       {@link org.gpumatch.gpu.primitives.GpuArraySorter} sorts Java arrays.</li>
 *   <li>{@link org.gpumatch.gpu.primitives.SegmentedSortKernel} +
 *       {@link org.gpumatch.gpu.primitives.DeviceSegmentedSort}: segmented sort of u32/u32 pairs by head flags
 *       (per-segment insertion sort, or a radix sort of segment-prefixed keys when a segment is long), old chain;
 *       the grid layer's {@link org.gpumatch.gpu.primitives.GridDriver#segmentedSort} replaces it, and
 *       {@link org.gpumatch.gpu.primitives.GpuSegmentedSorter} sorts Java arrays with it.</li>
 *   <li>{@link org.gpumatch.gpu.primitives.SortReference}: pure-Java twins of both sorts.</li>
 * </ul>
 *
 * <p>Barrier-containing device functions (the scans, the radix sort calls) are called unconditionally from
 * {@code run()}, each with a slot that the driver names; on PoCL 3.1 uniform branches around such calls crashed or
 * hung (see gpu-core/README.md). PoCL 3.1's compile time grows steeply with the number of barriers in a kernel, so a
 * pipeline makes one radix sort call, not one per kind of array ({@link org.gpumatch.gpu.primitives.RadixSortPipeline}).
 *
 * <p>Example: {@link org.gpumatch.gpu.primitives.example.DenseRank} composes three grid primitives (radix sort of
 * pairs, scan, select) with launches of its own on the buffers of one kernel instance
 * ({@link org.gpumatch.gpu.primitives.example.DenseRankPipeline} extends {@code GridKernel}); gpu-core/README.md shows
 * its hook and host calls. A pipeline in another module writes exactly that.
 *
 * <p>What did not work, or was not tried, as a way to pass the operator: an interface or lambda called inside the
 * kernel (Aparapi rejects INVOKEINTERFACE); a scan kernel instance of its own (buffers cannot be shared between
 * instances). A static helper per operator, selected by an int code in one fixed switch-free dispatcher, would also
 * convert, but every new operator would then edit the primitive.
 */
package org.gpumatch.gpu.primitives;
