/**
 * GPU primitives that any pipeline kernel can use; this package imports no matcher.
 *
 * <p>Aparapi gives every kernel instance its own OpenCL context, so a primitive cannot be a kernel of its own that
 * another kernel's buffers flow into: its device code must be in the pipeline's kernel class. The one composition
 * model: {@link org.gpumatch.gpu.primitives.TileKernel} is the single base (barrier core, additive local memory,
 * checked slots), {@link org.gpumatch.gpu.primitives.GridKernel} the grid layer of fixed-grid primitives a pipeline
 * extends (its own launches through barrier-free hooks in phase {@code PH_PIPELINE}), and
 * {@link org.gpumatch.gpu.primitives.GridDriver} the host side for any kernel of that layer.
 *
 * <ul>
 *   <li>{@link org.gpumatch.gpu.primitives.GpuArrays}: scan, reduce, select, gather, scatter and histogram of ints
 *       and longs on Java arrays, on the grid layer; {@link org.gpumatch.gpu.primitives.PrimitivesReference} is
 *       their sequential twin.</li>
 *   <li>{@link org.gpumatch.gpu.primitives.GpuArraySorter}: stable LSD radix sort of Java arrays (u32/u64 keys, u32
 *       values, bit ranges) on the grid layer.</li>
 *   <li>{@link org.gpumatch.gpu.primitives.GpuSegmentedSorter}: segmented sort of u32/u32 pairs by head flags
 *       ({@link org.gpumatch.gpu.primitives.GridDriver#segmentedSort}).</li>
 *   <li>{@link org.gpumatch.gpu.primitives.SortReference}: pure-Java twins of both sorts.</li>
 * </ul>
 *
 * <p>The barriers of the grid layer sit in one loop of {@code run()} that every work-item reaches whatever the
 * launch (PoCL 3.1's compile time grows steeply with the number of inlined barrier copies, not with loops around
 * them); hooks and device functions that a pipeline adds are barrier-free.
 *
 * <p>Example: {@link org.gpumatch.gpu.primitives.example.DenseRank} composes three grid primitives (radix sort of
 * pairs, scan, select) with launches of its own on the buffers of one kernel instance
 * ({@link org.gpumatch.gpu.primitives.example.DenseRankPipeline} extends {@code GridKernel}); gpu-core/README.md shows
 * its hook and host calls. A pipeline in another module writes exactly that.
 */
package org.gpumatch.gpu.primitives;
