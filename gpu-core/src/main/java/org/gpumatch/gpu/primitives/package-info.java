/**
 * GPU primitives that any pipeline kernel can use; this package imports no matcher.
 *
 * <p>Aparapi gives every kernel instance its own OpenCL context, so a primitive cannot be a kernel of its own that
 * another kernel's buffers flow into. A primitive is instead (a) device code in an abstract kernel base class that the
 * pipeline kernel extends, with the operator and the element source and sink supplied as abstract methods that the
 * pipeline kernel overrides (Aparapi resolves them against the concrete class when it writes the OpenCL), and (b) a
 * host driver that sets the base class's fields and launches the pipeline kernel through its
 * {@link org.gpumatch.gpu.runtime.GuardedKernel}.
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
 *   <li>{@link org.gpumatch.gpu.primitives.SelectKernel} + {@link org.gpumatch.gpu.primitives.ChunkDriver} and
 *       {@link org.gpumatch.gpu.primitives.ElementDriver}: int and long scan, reduce, stable select, gather, scatter
 *       and histogram on arrays the pipeline passes, per-work-item chunks without barriers; {@link org.gpumatch.gpu.primitives.GpuArrays} runs one of them
 *       on Java arrays through {@link org.gpumatch.gpu.primitives.StandardPipeline};
 *       {@link org.gpumatch.gpu.primitives.PrimitivesReference} is their sequential twin.</li>
 * </ul>
 *
 * <p>Barrier-containing device functions are called unconditionally from {@code run()}, each with a slot that the
 * driver names; on PoCL 3.1 uniform branches around such calls crashed or hung (see gpu-core/README.md).
 *
 * <p>What did not work, or was not tried, as a way to pass the operator: an interface or lambda called inside the
 * kernel (Aparapi rejects INVOKEINTERFACE); a scan kernel instance of its own (buffers cannot be shared between
 * instances). A static helper per operator, selected by an int code in one fixed switch-free dispatcher, would also
 * convert, but every new operator would then edit the primitive.
 */
package org.gpumatch.gpu.primitives;
