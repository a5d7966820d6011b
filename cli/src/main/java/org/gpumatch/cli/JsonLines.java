package org.gpumatch.cli;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * {@code --json}: one JSON object per line in the shape of ripgrep's {@code --json} where it fits: {@code begin} and
 * {@code end} around each file, one {@code match} per occurrence, a {@code summary} last. A match has rg's
 * {@code path}, {@code absolute_offset} (the byte offset; in a FASTA or FASTQ record, the offset in the record) and
 * {@code submatches} ({@code start} 0, {@code end} m, the pattern as {@code {"text": ...}}, or {@code {"bytes":
 * base64}} when it is not UTF-8, as rg writes data); it has no {@code lines} or {@code line_number} (gpumatch searches
 * bytes, not lines) and adds {@code record} (FASTA/FASTQ) and {@code pattern} (the label, with a patterns file). Paths
 * are rg's {@code {"text": ...}}; standard input is {@code "<stdin>"}.
 */
final class JsonLines {
    private final PrintStream out;
    private final long start = System.nanoTime();
    private long matches;
    private long fileMatches;
    private int searches;
    private String path;

    JsonLines(PrintStream out) {
        this.out = out;
    }

    /** Starts the output of one file. */
    void begin(String file) {
        path = "{\"text\":" + string(file.equals(TextInput.STDIN) ? "<stdin>" : file) + "}";
        fileMatches = 0;
        searches++;
        out.print("{\"type\":\"begin\",\"data\":{\"path\":" + path + "}}\n");
    }

    /** One occurrence of {@code pattern} at {@code offset}; {@code record} and {@code label} may be null. */
    void match(String record, long offset, byte[] pattern, String label) {
        matches++;
        fileMatches++;
        StringBuilder sb = new StringBuilder(160);
        sb.append("{\"type\":\"match\",\"data\":{\"path\":").append(path);
        if (record != null) {
            sb.append(",\"record\":").append(string(record));
        }
        if (label != null) {
            sb.append(",\"pattern\":").append(string(label));
        }
        sb.append(",\"absolute_offset\":").append(offset).append(",\"submatches\":[{\"match\":").append(data(pattern))
                .append(",\"start\":0,\"end\":").append(pattern.length).append("}]}}\n");
        out.print(sb);
    }

    /** Ends one file: its {@code end} line with the number of matches. */
    void end(long count) {
        out.print("{\"type\":\"end\",\"data\":{\"path\":" + path + ",\"binary_offset\":null,\"stats\":{\"matches\":"
                + count + ",\"matched_lines\":null}}}\n");
    }

    /** The number of matches handed to {@link #match} since the last {@link #begin}. */
    long fileMatches() {
        return fileMatches;
    }

    /** Counts {@code n} matches without a line each ({@code count --json}). */
    void add(long n) {
        matches += n;
    }

    /** The {@code summary} line. */
    void summary() {
        long nanos = System.nanoTime() - start;
        out.print("{\"type\":\"summary\",\"data\":{\"elapsed_total\":{\"secs\":" + nanos / 1_000_000_000L
                + ",\"nanos\":" + nanos % 1_000_000_000L + ",\"human\":\"" + String.format(java.util.Locale.ROOT,
                "%.6fs", nanos / 1e9) + "\"},\"stats\":{\"searches\":" + searches + ",\"matches\":" + matches
                + "}}}\n");
    }

    /** rg's arbitrary data: {@code {"text": ...}} for UTF-8, else {@code {"bytes": base64}}. */
    static String data(byte[] bytes) {
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return "{\"text\":" + string(s) + "}";
        } catch (CharacterCodingException e) {
            return "{\"bytes\":\"" + Base64.getEncoder().encodeToString(bytes) + "\"}";
        }
    }

    /** A JSON string literal. */
    static String string(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || Character.isSurrogate(c)) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
