package org.gpumatch.api.stream;

import org.gpumatch.api.Text;

/**
 * One window of a chunked text (see {@link ChunkSizes}): its bytes as a {@link Text} of their own.
 *
 * @param start the text offset of the window's first byte: offset 0 in {@code text} is {@code start} in the whole text
 * @param text  the window's bytes, a new {@code Text} object per window (matchers recognise a resident text by object)
 * @param done  the text offset up to which every window start has now been covered: the end of this window's chunk,
 *              or the end of the text for the last window
 * @param last  whether no window follows
 */
record Window(long start, Text text, long done, boolean last) {
}
