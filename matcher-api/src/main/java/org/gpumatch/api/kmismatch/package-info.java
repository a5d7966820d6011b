/**
 * Approximate matching with at most k mismatches (Hamming distance): the {@link
 * org.gpumatch.api.kmismatch.KMismatchMatcher} contract, its result type and the pure-Java oracle {@link
 * org.gpumatch.api.kmismatch.NaiveKMismatchMatcher}.
 */
package org.gpumatch.api.kmismatch;
