package org.gpumatch.api.stream;

/**
 * Told how far a {@link ChunkedSearch} has come, once after each chunk, in the searching thread: keep it cheap (a
 * progress bar redraws at most a few times a second, whatever the rate of calls).
 */
@FunctionalInterface
public interface ProgressListener {
    /** A listener that ignores progress. */
    ProgressListener NONE = (done, total) -> { };

    /**
     * @param done  bytes of the text whose windows have all been searched, ascending from call to call
     * @param total the size of the text, or -1 when the source does not know it (a pipe)
     */
    void progress(long done, long total);
}
