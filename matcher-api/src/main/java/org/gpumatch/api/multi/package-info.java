/**
 * Multi-pattern matching: a {@link org.gpumatch.api.multi.PatternSet} of k patterns, the
 * {@link org.gpumatch.api.multi.MultiPatternMatcher} interface, results as (offset, pattern index) pairs
 * ({@link org.gpumatch.api.multi.MultiMatches}) or counts per pattern, and the naive oracle
 * {@link org.gpumatch.api.multi.NaiveMultiMatcher}. Files of any size:
 * {@link org.gpumatch.api.stream.MultiChunkedSearch}.
 */
package org.gpumatch.api.multi;
