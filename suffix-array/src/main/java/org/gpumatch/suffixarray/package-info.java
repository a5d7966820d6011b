/**
 * Suffix array construction, files, Burrows-Wheeler transform and suffix-array search.
 *
 * <p>Order everywhere: lexicographic over unsigned bytes, a proper prefix first, no sentinel (the libdivsufsort and
 * libsais convention, and the one the {@code checker} module verifies).
 */
package org.gpumatch.suffixarray;
