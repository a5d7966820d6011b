/**
 * The Rabin-Karp family of Ashkiani, Amenta and Owens, "Parallel Approaches to the String Matching Problem on the
 * GPU" (SPAA 2016). Implemented so far: DRK-WOM-32/64 ({@link org.gpumatch.aparapi.rabinkarp.DrkWomMatcher}), exact
 * divide-and-conquer matching for patterns of up to 4/8 bytes; CRK ({@link org.gpumatch.aparapi.rabinkarp.CrkMatcher})
 * and HRK ({@link org.gpumatch.aparapi.rabinkarp.HrkMatcher}), verified matrix fingerprints for any m.
 *
 * <p>Each algorithm is a kernel class (device side, one {@code run()} dispatching on a phase field) plus a host class
 * that owns sizing, residency of the text, launches and downloads. Costs per text character are stated on each class.
 */
package org.gpumatch.aparapi.rabinkarp;
