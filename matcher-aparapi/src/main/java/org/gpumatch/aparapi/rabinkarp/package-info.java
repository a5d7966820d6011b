/**
 * The Rabin-Karp family of Ashkiani, Amenta and Owens, "Parallel Approaches to the String Matching Problem on the
 * GPU" (SPAA 2016). Implemented so far: DRK-WOM-64 ({@link org.gpumatch.aparapi.rabinkarp.DrkWomMatcher}), exact
 * divide-and-conquer matching for patterns of up to 8 bytes.
 *
 * <p>Each algorithm is a kernel class (device side, one {@code run()} dispatching on a phase field) plus a host class
 * that owns sizing, residency of the text, launches and downloads. Costs per text character are stated on each class.
 */
package org.gpumatch.aparapi.rabinkarp;
