package org.gpumatch.sequence;

import java.nio.file.Path;
import java.util.List;

/**
 * Gives scanned {@link FastaBlock}s their genome positions, fed in file order (one thread at a time): title lines become
 * records, a block's prefix continues the title or the sequence the blocks before left open, and each block's bases get
 * the genome offset of its prefix and body. Errors name the file and line (sequence before the first title, a title
 * line too long to carry across blocks, a genome without records). Cost: O(items) per block; memory: the open title.
 */
final class BlockPlacer {
    private final List<Path> files;
    private final GenomeBuilder builder;
    private long pos;
    private int file = -1;
    private int records;
    private StringBuilder pendingTitle;
    private String openTitle;
    private long openStart;
    private long linesBefore;

    BlockPlacer(List<Path> files, GenomeBuilder builder) {
        this.files = files;
        this.builder = builder;
        nextFile();
    }

    /** Bases placed so far. */
    long position() {
        return pos;
    }

    /** Places the next block in file order: sets its {@code prefixAt} and {@code bodyAt}, adds the records it ends. */
    void place(FastaBlock block) throws SequenceFormatException {
        while (file < block.fileIndex) {
            endFile();
            nextFile();
        }
        if (block.hasPrefix) {
            if (pendingTitle != null) {
                if (block.prefixText == null) {
                    throw new SequenceFormatException(files.get(file), linesBefore + 1, "title line longer than "
                            + FastaBlock.MAX_TITLE_PIECE + " bytes");
                }
                pendingTitle.append(block.prefixText);
                if (block.prefixEndsLine) {
                    closeRecord();
                    openTitle = pendingTitle.toString();
                    openStart = pos;
                    pendingTitle = null;
                }
            } else {
                if (block.prefixBases > 0 && openTitle == null) {
                    throw noTitle(linesBefore + 1);
                }
                block.prefixAt = pos;
                pos += block.prefixBases;
            }
        }
        block.bodyAt = pos;
        for (Object item : block.items) {
            if (item instanceof FastaBlock.Title t) {
                closeRecord();
                openTitle = null;
                if (t.complete()) {
                    openTitle = t.text();
                    openStart = pos;
                } else {
                    pendingTitle = new StringBuilder(t.text());
                }
            } else {
                FastaBlock.Stretch s = (FastaBlock.Stretch) item;
                if (s.bases() > 0 && openTitle == null) {
                    throw noTitle(linesBefore + s.firstBaseLine() + 1);
                }
                pos += s.bases();
            }
        }
        linesBefore += block.newlines;
    }

    /** Ends the last file (and any empty files after it); returns the genome's length. */
    long finish() throws SequenceFormatException {
        while (file < files.size()) {
            endFile();
            nextFile();
        }
        if (records == 0) {
            throw new SequenceFormatException(files.get(0), 0, "no FASTA record (no line starting with '>')");
        }
        return pos;
    }

    private void nextFile() {
        file++;
        pendingTitle = null;
        openTitle = null;
        openStart = 0;
        linesBefore = 0;
    }

    private void endFile() {
        if (file < 0 || file >= files.size()) {
            return;
        }
        if (pendingTitle != null) {
            openTitle = pendingTitle.toString();
            openStart = pos;
        }
        closeRecord();
    }

    private void closeRecord() {
        if (openTitle != null) {
            builder.addRecord(openTitle, openStart, pos - openStart);
            records++;
        }
    }

    private SequenceFormatException noTitle(long line) {
        return new SequenceFormatException(files.get(file), line, "sequence before the first title line (a FASTA "
                + "record starts with '>')");
    }
}
