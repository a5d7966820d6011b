package org.gpumatch.suffixarray;

import java.io.IOException;
import java.nio.file.Path;
import org.gpumatch.checker.ByteSequence;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.IndexSequence;

/**
 * Builds suffix arrays of texts of any length, past the Java array limit of {@link SuffixArrayBuilder} (whose
 * {@code int[]} results stop at 2,147,483,639 entries): the text is a {@code long}-indexed {@link ByteSequence} (a
 * heap array, {@link PagedBytes}, or a memory-mapped file) and the result a {@code long}-indexed {@link IndexSequence}
 * kept in pages, never one n-sized Java array; {@link #buildFile} writes it straight to an int40/int64 file. The same
 * order as {@link SuffixArrayBuilder}'s: unsigned bytes, a proper prefix first, no sentinel.
 *
 * <p>Implementation: {@link LongSaisBuilder} (CPU, SA-IS with long indices over paged arrays).
 */
public interface LongSuffixArrayBuilder extends AutoCloseable {

    /** @return a short name for tables and messages */
    String name();

    /**
     * @param text     the text, any length up to the builder's limit
     * @param progress receives the fraction done
     * @return the suffix array, {@code text.length()} entries, as a long-indexed view the checker,
     *         {@link LongSuffixArraySearch} and {@link SuffixArrayFiles#write(IndexSequence, Path, EntryFormat)} read
     */
    IndexSequence build(ByteSequence text, SuffixArrayBuilder.Progress progress);

    /**
     * Reads a text file, builds its suffix array and writes it to {@code out}.
     *
     * @param textFile the text (raw bytes)
     * @param out      the suffix array file, replaced
     * @param format   its entry format; int32 only for texts of at most 2^31 bytes
     * @param progress receives the fraction done (of the build; reading and writing not included)
     * @return the suffix array, as {@link #build} returns it (for a check or a search before it is dropped)
     * @throws IOException on read or write errors
     */
    IndexSequence buildFile(Path textFile, Path out, EntryFormat format, SuffixArrayBuilder.Progress progress)
            throws IOException;

    /** Releases what the builder holds (the CPU builder: nothing); idempotent. */
    @Override
    default void close() {
    }
}
