package org.gpumatch.sequence;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One block of a FASTA file's bytes (up to {@link FastaReader#BLOCK_BYTES}), scanned and packed in one pass on its own
 * thread: the prefix before its first line start (the end of a line that began in an earlier block: title text or
 * sequence, resolved later in file order) is packed on its own; then title lines are noted and every symbol of the
 * sequence lines is packed at block-local positions ({@link LocalPacker}): a block's sequence bases are consecutive in
 * the genome (records are concatenated), so one genome offset places them all. The bytes are released after the
 * scan. Cost: one pass over the bytes; memory: the bytes during the scan, then 3/8 byte per base.
 */
final class FastaBlock {
    /** A title line, or the part of one inside this block ({@code complete == false}: it runs on into the next block). */
    record Title(String text, boolean complete) {
    }

    /**
     * A run of sequence lines between title lines: its symbols, and the line (counted from the block's start) of its
     * first symbol (-1 when it has none), for errors.
     */
    record Stretch(long bases, long firstBaseLine) {
    }

    /**
     * The longest end of a title line a block's prefix may hold (64 KiB; a longer one is an error naming its line): a
     * longer prefix is sequence (a single-line record makes whole blocks of prefix), whose text is not kept.
     */
    static final int MAX_TITLE_PIECE = 1 << 16;
    final int fileIndex;
    final int blockIndex;
    private byte[] data;
    /** The block's bytes are {@code data[start, length)}. */
    private final int start;
    private final int length;
    final boolean startsLine;
    /** Whether the block starts inside a line (then {@link #prefix} holds that line's end). */
    boolean hasPrefix;
    /** Whether the prefix ends with a line break. */
    boolean prefixEndsLine;
    /** The prefix's text, when it turns out to continue a title line. */
    String prefixText;
    /** The block's packed bases: the prefix's ({@link #prefixBases}) first, then the body's. */
    LocalPacker packer;
    long prefixBases;
    long bodyBases;
    /** Title lines and sequence stretches after the prefix, in order. */
    final List<Object> items = new ArrayList<>();
    /** Line breaks in the block (for line numbers in errors). */
    long newlines;
    /** Genome positions of the prefix's first base (if it is sequence) and of the body's first base; -1 until set. */
    long prefixAt = -1;
    long bodyAt = -1;

    /** The block of {@code bytes} bytes at {@code data[offset]}, packed into {@code packer} (null: a new one). */
    FastaBlock(int fileIndex, int blockIndex, byte[] data, int offset, int bytes, boolean startsLine,
            LocalPacker packer) {
        this.fileIndex = fileIndex;
        this.blockIndex = blockIndex;
        this.data = data;
        this.start = offset;
        this.length = offset + bytes;
        this.startsLine = startsLine;
        this.packer = packer != null ? packer : new LocalPacker(bytes);
    }

    /** Scans and packs the block, then drops its bytes. */
    void scan() {
        int i = start;
        long nl = 0;
        if (!startsLine) {
            hasPrefix = true;
            i = packer.packLine(data, start, length);
            packer.cut();
            prefixBases = packer.bases;
            prefixEndsLine = i < length;
            // Kept only when short enough to be the end of a title line (a single-line sequence makes long prefixes).
            prefixText = i - start <= MAX_TITLE_PIECE ? text(start, i) : null;
            if (prefixEndsLine) {
                i++;
                nl++;
            }
        }
        LocalPacker body = packer;
        long stretchBases = 0;
        long stretchLine = -1;
        while (i < length) {
            if (data[i] == '>') {
                if (stretchBases > 0 || stretchLine >= 0) {
                    items.add(new Stretch(stretchBases, stretchLine));
                }
                int end = i + 1;
                while (end < length && data[end] != '\n') {
                    end++;
                }
                boolean complete = end < length;
                items.add(new Title(text(i + 1, end), complete));
                nl += complete ? 1 : 0;
                i = complete ? end + 1 : length;
                stretchBases = 0;
                stretchLine = -1;
                continue;
            }
            long before = body.bases;
            int lineEnd = body.packLine(data, i, length);
            if (body.bases > before && stretchLine < 0) {
                stretchLine = nl;
            }
            stretchBases += body.bases - before;
            if (lineEnd < length) {
                nl++;
            }
            i = lineEnd < length ? lineEnd + 1 : length;
        }
        if (stretchBases > 0 || stretchLine >= 0) {
            items.add(new Stretch(stretchBases, stretchLine));
        }
        body.finish();
        bodyBases = body.bases - prefixBases;
        newlines = nl;
        data = null;
    }

    /** Moves the block's packed bases to their genome positions (set by {@link BlockPlacer}); thread-safe per block. */
    void mergeInto(GenomeBuilder builder) {
        if (prefixAt >= 0) {
            builder.merge(packer, 0, prefixBases, prefixAt);
        }
        builder.merge(packer, prefixBases, bodyBases, bodyAt);
    }

    /** The title text of bytes {@code [from, to)} without a trailing CR. */
    private String text(int from, int to) {
        int end = to;
        if (end > from && data[end - 1] == '\r') {
            end--;
        }
        return new String(data, from, end - from, StandardCharsets.ISO_8859_1);
    }
}
