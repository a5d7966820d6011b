package org.gpumatch.cli;

import java.nio.charset.StandardCharsets;

/**
 * The lines {@code find} prints, through one {@link OffsetWriter}: {@code [FILE<TAB>][RECORD<TAB>]OFFSET[<TAB>LABEL]},
 * FILE when several files are searched (as ripgrep prefixes the path), RECORD in a FASTA or FASTQ file (the first word
 * of the record's title, as samtools and seqkit name records), LABEL the pattern's index or FASTA name with a patterns
 * file. Cost: the record's prefix is encoded once per run of hits in the same record.
 */
final class HitLines {
    private static final byte[] NONE = new byte[0];
    private final OffsetWriter writer;
    private final String file;
    private String lastRecord;
    private byte[] prefix;

    /** {@code file}: the FILE column, or null for none. */
    HitLines(OffsetWriter writer, String file) {
        this.writer = writer;
        this.file = file;
        this.prefix = file == null ? NONE : (file + "\t").getBytes(StandardCharsets.UTF_8);
    }

    /** One hit of the single pattern; {@code record} null outside records. Stops the search when output is gone. */
    void hit(String record, long offset) {
        if (record == null && file == null) {
            writer.write(offset); // the common case: offsets alone
        } else {
            writer.write(prefix(record), offset, NONE);
        }
        stopIfBroken();
    }

    /** One hit of the pattern called {@code label}. */
    void hit(String record, long offset, String label) {
        writer.write(prefix(record), offset, ("\t" + label).getBytes(StandardCharsets.UTF_8));
        stopIfBroken();
    }

    private void stopIfBroken() {
        if (writer.broken()) {
            throw new FindCommand.OutputClosed();
        }
    }

    /** Whether the output is gone (stop searching). */
    boolean broken() {
        return writer.broken();
    }

    private byte[] prefix(String record) {
        if (record != lastRecord) { // names are the same String objects within a batch
            lastRecord = record;
            String p = (file == null ? "" : file + "\t") + (record == null ? "" : record + "\t");
            prefix = p.getBytes(StandardCharsets.UTF_8);
        }
        return prefix;
    }
}
