/**
 * Suffix array checking: decides whether an array is the suffix array of a byte text, after Burkhardt and Kärkkäinen
 * (CPM 2003) and section 5.3 of the thesis in {@code shared/seeds}, whose Algorithm 4 is corrected here (see
 * {@link org.gpumatch.checker.SuffixArrayChecker}).
 *
 * <ul>
 *   <li>{@link org.gpumatch.checker.SuffixArrayChecker}: the check, sequential or parallel. O(n) time; extra memory
 *       O(sigma), no bytes per text byte (sequential: 3 * 256 longs and 28 KiB; parallel: O(sigma * blocks)).</li>
 *   <li>{@link org.gpumatch.checker.Verdict} and {@link org.gpumatch.checker.Condition}: OK, or the first violation
 *       with its index and values.</li>
 *   <li>{@link org.gpumatch.checker.ByteSequence} and {@link org.gpumatch.checker.IndexSequence}: the text and the
 *       array, over heap arrays or memory-mapped files of any size
 *       ({@link org.gpumatch.checker.MappedByteSequence}, {@link org.gpumatch.checker.MappedIndexSequence},
 *       {@link org.gpumatch.checker.EntryFormat}: int32, int64, int40).</li>
 *   <li>{@link org.gpumatch.checker.CheckerCli}: {@code TEXT SA [--format ...] [--threads N]}, exit 0 / 1 / 2.</li>
 * </ul>
 * Order: unsigned bytes, a proper prefix first (libdivsufsort, libsais); no sentinel. Pure Java, no dependencies.
 */
package org.gpumatch.checker;
