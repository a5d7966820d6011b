package org.gpumatch.sequence;

/**
 * One record of a genome: its whole FASTA title line (without {@code >} and the line break), its name (the title's
 * first word, as samtools and seqkit name records), where its bases start in the genome's concatenation of all records
 * and how many there are.
 *
 * @param title  the whole title line (Cas-OFFinder's "Chromosome" column)
 * @param name   the title's first word (empty for an empty title)
 * @param start  the 0-based position of the record's first base in {@link PackedGenome}
 * @param length the number of bases (every symbol of the record's sequence lines but spaces and line breaks)
 */
public record SequenceRecord(String title, String name, long start, long length) {
    /** The position just past the record's last base. */
    public long end() {
        return start + length;
    }

    /** The first word of a title line (up to the first space or tab). */
    static String firstWord(String title) {
        int i = 0;
        while (i < title.length() && title.charAt(i) != ' ' && title.charAt(i) != '\t') {
            i++;
        }
        return title.substring(0, i);
    }
}
