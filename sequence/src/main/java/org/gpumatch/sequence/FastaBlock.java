package org.gpumatch.sequence;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One block of a FASTA file's bytes (up to {@link FastaReader#BLOCK_BYTES}) and what a scan of it found: the prefix
 * before its first line start (the end of a line that began in an earlier block, resolved later in file order), then
 * title lines and sequence stretches in order. Scanning is independent of every other block, so blocks are scanned on
 * all cores. Cost: one pass over the bytes; memory: the bytes plus a few objects per title line.
 */
final class FastaBlock {
    /** A title line, or the part of one inside this block ({@code complete == false}: it runs on into the next block). */
    record Title(int at, String text, boolean complete) {
    }

    /** Sequence bytes {@code [from, to)} (line breaks included) holding {@code bases} symbols. */
    record Stretch(int from, int to, long bases) {
    }

    final int fileIndex;
    final int blockIndex;
    final byte[] data;
    final int length;
    final boolean startsLine;
    /** Bytes before the first line start: {@code [0, prefixEnd)}; their meaning depends on the blocks before. */
    int prefixEnd;
    /** Whether the prefix ends with a line break. */
    boolean prefixEndsLine;
    /** Symbols in the prefix if it is sequence. */
    long prefixBases;
    /** Title lines and sequence stretches after the prefix, in order. */
    final List<Object> items = new ArrayList<>();
    /** Line breaks in the block (for line numbers in errors). */
    long newlines;
    /** Global genome positions assigned to the prefix (if sequence) and each stretch, set in file order. */
    long prefixAt = -1;
    long[] stretchAt;

    FastaBlock(int fileIndex, int blockIndex, byte[] data, int length, boolean startsLine) {
        this.fileIndex = fileIndex;
        this.blockIndex = blockIndex;
        this.data = data;
        this.length = length;
        this.startsLine = startsLine;
    }

    /** Scans the block: prefix, title lines, sequence stretches. */
    void scan() {
        int i = 0;
        if (!startsLine) {
            while (i < length && data[i] != '\n') {
                i++;
            }
            prefixEndsLine = i < length;
            i = prefixEndsLine ? i + 1 : length;
            prefixEnd = i;
            prefixBases = countBases(0, prefixEnd);
        }
        int stretchFrom = i;
        long stretchBases = 0;
        while (i < length) {
            if (data[i] == '>') {
                if (i > stretchFrom) {
                    items.add(new Stretch(stretchFrom, i, stretchBases));
                }
                int end = i + 1;
                while (end < length && data[end] != '\n') {
                    end++;
                }
                boolean complete = end < length;
                items.add(new Title(i, text(i + 1, end), complete));
                i = complete ? end + 1 : length;
                stretchFrom = i;
                stretchBases = 0;
                continue;
            }
            int lineEnd = i;
            while (lineEnd < length && data[lineEnd] != '\n') {
                lineEnd++;
            }
            stretchBases += countBases(i, lineEnd);
            i = lineEnd < length ? lineEnd + 1 : length;
        }
        if (length > stretchFrom) {
            items.add(new Stretch(stretchFrom, length, stretchBases));
        }
        long nl = 0;
        for (int j = 0; j < length; j++) {
            nl += data[j] == '\n' ? 1 : 0;
        }
        newlines = nl;
    }

    /** The title text of bytes {@code [from, to)} without a trailing CR. */
    String text(int from, int to) {
        int end = to;
        if (end > from && data[end - 1] == '\r') {
            end--;
        }
        return new String(data, from, end - from, StandardCharsets.ISO_8859_1);
    }

    private long countBases(int from, int to) {
        long n = 0;
        for (int j = from; j < to; j++) {
            n += GenomeBuilder.CLASS[data[j] & 0xFF] == GenomeBuilder.SKIPPED ? 0 : 1;
        }
        return n;
    }

    /** The index of the first symbol (not a space or line break) in {@code [from, to)}, or {@code to}. */
    int firstBase(int from, int to) {
        int j = from;
        while (j < to && GenomeBuilder.CLASS[data[j] & 0xFF] == GenomeBuilder.SKIPPED) {
            j++;
        }
        return j;
    }

    /** The number of line breaks before byte {@code at} of this block. */
    long newlinesBefore(int at) {
        long nl = 0;
        for (int j = 0; j < at; j++) {
            nl += data[j] == '\n' ? 1 : 0;
        }
        return nl;
    }
}
