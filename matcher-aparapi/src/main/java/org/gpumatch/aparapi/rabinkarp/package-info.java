/**
 * The Rabin-Karp family of Ashkiani, Amenta and Owens, "Parallel Approaches to the String Matching Problem on the
 * GPU" (SPAA 2016), every method of the paper: DRK-WOM-32/64 and DRK-2S
 * ({@link org.gpumatch.aparapi.rabinkarp.DrkWomMatcher}: exact packed fingerprints of sigma-bit symbols, and the
 * two-stage skim plus cooperative verification for any m); DRK ({@link org.gpumatch.aparapi.rabinkarp.DrkMatcher},
 * fingerprints modulo a random prime below 2^(31-sigma), hits verified); CRK
 * ({@link org.gpumatch.aparapi.rabinkarp.CrkMatcher}) and HRK ({@link org.gpumatch.aparapi.rabinkarp.HrkMatcher}),
 * verified additive prefix fingerprints for any m, computed by scans (CRK on gpu-core's grid layer, HRK per
 * work-group).
 *
 * <p>Each algorithm is a kernel class (device side, one {@code run()} dispatching on a phase field; it extends gpu-core's
 * {@code TileKernel} or, for CRK, the grid layer {@code GridKernel}) plus a host class that owns sizing, residency of
 * the text, launches and downloads. Costs per text character are stated on each class.
 */
package org.gpumatch.aparapi.rabinkarp;
