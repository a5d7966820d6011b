package org.gpumatch.cli;

/**
 * What a text FILE holds, told by its first bytes (after decompression), as seqkit tells it: FASTA starts with a
 * {@code >} title line; FASTQ with an {@code @} line whose record has a {@code +} line after its sequence; anything else
 * is searched as raw bytes. {@code --raw} skips the test. Blank lines before the first record are allowed.
 */
enum SequenceFormat {
    /** Bytes searched as they are. */
    RAW,
    /** {@code >title} lines, then sequence lines: the sequences are searched, one record at a time. */
    FASTA,
    /** Four-line records {@code @name}, sequence, {@code +}, qualities: the sequences are searched, not the qualities. */
    FASTQ;

    /** How many first bytes {@link #of} looks at. */
    static final int HEAD_BYTES = 1 << 16;

    /** The format of an input whose first bytes are {@code head}. */
    static SequenceFormat of(byte[] head) {
        int i = 0;
        while (i < head.length && (head[i] == '\n' || head[i] == '\r')) {
            i++;
        }
        if (i == head.length) {
            return RAW;
        }
        if (head[i] == '>') {
            return FASTA;
        }
        if (head[i] == '@') {
            // @name, sequence line(s), then a line starting with '+'
            int line = 0;
            for (int j = i; j < head.length; j++) {
                if (head[j] == '\n') {
                    line++;
                    if (j + 1 < head.length && head[j + 1] == '+' && line >= 2) {
                        return FASTQ;
                    }
                    if (j + 1 < head.length && (head[j + 1] == '@' || head[j + 1] == '>')) {
                        return RAW;
                    }
                }
            }
        }
        return RAW;
    }

    /** How messages and {@code --explain} call it. */
    String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
