/**
 * The Aparapi runtime: device discovery and selection ({@link org.gpumatch.gpu.runtime.DeviceCatalog}), kernels
 * launched without silent fallback ({@link org.gpumatch.gpu.runtime.GuardedKernel}), and launch timings.
 *
 * <p>Rules this package enforces (see the repository's README and docs/aparapi-guide.md):
 * <ul>
 *   <li>Every kernel is compiled up front on its device; a conversion or OpenCL compile failure is a
 *       {@link org.gpumatch.gpu.runtime.KernelCompilationException} carrying the generated OpenCL.</li>
 *   <li>After every launch the kernel must have run as OpenCL on the planned device, or
 *       {@link org.gpumatch.gpu.runtime.DeviceFallbackException} is thrown and the results are discarded.</li>
 *   <li>Java threads run only when the device is {@link org.gpumatch.gpu.runtime.ComputeDevice#JAVA_THREADS}:
 *       asked for with {@code --device java}, or chosen by {@code auto} when no OpenCL runtime exists (announced).</li>
 *   <li>Kernels use explicit buffer management ({@code put}/{@code get}); each kernel instance owns its own OpenCL
 *       context, so the buffers of one pipeline live in one kernel instance, released by {@code close()}.</li>
 *   <li>Work-group sizes are explicit and fitted to the kernel's maximum on the device.</li>
 * </ul>
 */
package org.gpumatch.gpu.runtime;
