/**
 * Searching texts of any size, beyond the 2^31-9 bytes a {@link org.gpumatch.api.Text} holds and beyond the heap, with
 * any {@link org.gpumatch.api.Matcher}: the text is read in chunks that overlap by m-1 bytes, each chunk is searched as
 * a text of its own, and offsets are reported as {@code long}.
 *
 * <ul>
 *   <li>{@link org.gpumatch.api.stream.ChunkedSearch}: the search (count, or offsets to a sink in ascending order);</li>
 *   <li>{@link org.gpumatch.api.stream.ChunkSource}: where the bytes come from: a memory-mapped file
 *       ({@link org.gpumatch.api.stream.MappedFileSource}) or a stream ({@link org.gpumatch.api.stream.InputStreamSource});</li>
 *   <li>{@link org.gpumatch.api.stream.ChunkSizes}: the chunk arithmetic, and the largest chunk a matcher accepts;</li>
 *   <li>{@link org.gpumatch.api.stream.ProgressListener}: bytes searched so far.</li>
 * </ul>
 */
package org.gpumatch.api.stream;
