package org.gpumatch.cli;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.multi.PatternSet;

/**
 * Reads a patterns file ({@code --patterns-file F}), one grammar for every command (cli/README.md, "Patterns files"):
 *
 * <ul>
 *   <li>The file is bytes, UTF-8 by convention: a UTF-8 byte-order mark at its start is skipped; lines end in LF or
 *       CRLF; the last line break is optional. {@code -} reads standard input; {@code F.gz} is decompressed.
 *   <li>Default grammar: empty lines, lines of only spaces and tabs, and lines starting with {@code #} are skipped. A
 *       file whose first other line starts with {@code >} is FASTA: each record's sequence (its lines joined) is one
 *       pattern, named by the first word of its header. Otherwise each other line is one pattern, exactly its bytes;
 *       a space, a tab or another control byte in it is an error naming the line (a trailing blank the editor left,
 *       or a Cas-OFFinder {@code SEQUENCE MISMATCHES} line, would otherwise silently match nothing).
 *   <li>{@code --literal-lines}: every line is a pattern as it is (spaces, tabs and a leading {@code #} or
 *       {@code >} included); only an empty line is an error.
 *   <li>{@code --hex}: each pattern line is hex digits (whitespace between them ignored); comments and blank lines as
 *       in the default grammar.
 * </ul>
 *
 * <p>Errors are {@link CliException}s naming the file and line. Memory: the file's bytes about twice.
 */
final class PatternsFile {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    /**
     * The patterns of a file, in file order, with their names (FASTA record names; null for line patterns).
     *
     * @param patterns the patterns' bytes
     * @param names    one name per pattern, or null when the file has no names
     * @param lines    the 1-based line of each pattern (a FASTA record's header line), for messages about a pattern
     */
    record Parsed(List<byte[]> patterns, List<String> names, List<Integer> lines) {
        /** The patterns as a set (indices are file order). */
        PatternSet set() {
            return PatternSet.of(patterns);
        }

        /** How output lines name pattern {@code i}: its FASTA name, else its 0-based index. */
        String label(int i) {
            return names == null ? Integer.toString(i) : names.get(i);
        }
    }

    private PatternsFile() {
    }

    /** The default grammar, or hex lines with {@code hex}. */
    static PatternSet read(String file, boolean hex) {
        return parse(file, hex, false).set();
    }

    /** {@link #read} as a list of patterns, in file order. */
    static List<Pattern> readList(String file, boolean hex) {
        List<Pattern> out = new ArrayList<>();
        for (byte[] p : parse(file, hex, false).patterns()) {
            out.add(Pattern.of(p));
        }
        return out;
    }

    /** Reads and parses {@code file} ({@code -}: standard input; {@code .gz}: decompressed). */
    static Parsed parse(String file, boolean hex, boolean literalLines) {
        TextInput input = TextInput.open(file);
        byte[] bytes = input.readAll(Integer.MAX_VALUE - 8, "a patterns file may hold");
        String name = file.equals(TextInput.STDIN) ? "standard input" : file;
        return parse(name, bytes, hex, literalLines);
    }

    /** Parses the bytes of the patterns file called {@code name} in messages. */
    static Parsed parse(String name, byte[] bytes, boolean hex, boolean literalLines) {
        int start = startsWith(bytes, BOM) ? BOM.length : 0;
        List<byte[]> patterns = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        ByteArrayOutputStream sequence = null; // the FASTA record being read
        boolean fasta = false;
        int lineNo = 0;
        int recordLine = 0;
        while (start < bytes.length) {
            int end = indexOf(bytes, (byte) '\n', start);
            int next = end < 0 ? bytes.length : end + 1;
            int stop = end < 0 ? bytes.length : end;
            if (stop > start && bytes[stop - 1] == '\r') {
                stop--;
            }
            byte[] line = Arrays.copyOfRange(bytes, start, stop);
            start = next;
            lineNo++;
            String where = name + " line " + lineNo;
            if (literalLines) {
                if (line.length == 0) {
                    throw new CliException(where + ": empty pattern");
                }
                patterns.add(hex ? hex(line, where) : line);
                lines.add(lineNo);
                continue;
            }
            if (isBlank(line) || line[0] == '#') {
                continue;
            }
            if (line[0] == '>' && !hex && (fasta || patterns.isEmpty())) {
                fasta = true;
                finishRecord(sequence, patterns, name, recordLine, lines);
                names.add(recordName(line, where));
                sequence = new ByteArrayOutputStream();
                recordLine = lineNo;
                continue;
            }
            if (fasta && sequence == null) {
                throw new CliException(where + ": sequence before the first '>' header");
            }
            checkNoBlanks(line, where, fasta);
            if (fasta) {
                sequence.writeBytes(line);
            } else {
                patterns.add(hex ? hex(line, where) : line);
                lines.add(lineNo);
            }
        }
        if (fasta) {
            finishRecord(sequence, patterns, name, recordLine, lines);
        }
        if (patterns.isEmpty()) {
            throw new CliException(name + " holds no pattern" + (literalLines ? ""
                    : " (empty, blank and '#' lines are skipped; --literal-lines reads every line)"));
        }
        return new Parsed(patterns, fasta ? names : null, lines);
    }

    private static void finishRecord(ByteArrayOutputStream sequence, List<byte[]> patterns, String name, int line,
            List<Integer> lines) {
        if (sequence == null) {
            return;
        }
        if (sequence.size() == 0) {
            throw new CliException(name + " line " + line + ": the FASTA record has no sequence");
        }
        patterns.add(sequence.toByteArray());
        lines.add(line);
    }

    private static String recordName(byte[] header, String where) {
        String title = new String(header, 1, header.length - 1, StandardCharsets.UTF_8).strip();
        String first = title.split("[ \t]", 2)[0];
        if (first.isEmpty()) {
            throw new CliException(where + ": a FASTA header without a name");
        }
        return first;
    }

    private static void checkNoBlanks(byte[] line, String where, boolean fasta) {
        for (int i = 0; i < line.length; i++) {
            int b = line[i] & 0xFF;
            if (b < 0x20 || b == 0x7F || b == ' ') {
                String what = b == ' ' ? "a space" : b == '\t' ? "a tab" : String.format("the control byte 0x%02x", b);
                String at = i == line.length - 1 ? "ends with " + what
                        : i == 0 ? "starts with " + what : "holds " + what + " at byte " + (i + 1);
                throw new CliException(where + ": the " + (fasta ? "sequence line" : "pattern") + " " + at + " ("
                        + (fasta ? "remove it" : "one pattern a line, nothing else on it; --literal-lines (count, "
                        + "find) searches the line as it is, --hex takes any byte") + ")");
            }
        }
    }

    private static byte[] hex(byte[] line, String where) {
        String s = new String(line, StandardCharsets.ISO_8859_1);
        if (s.isBlank()) {
            throw new CliException(where + ": empty pattern");
        }
        try {
            return Pattern.hex(s).toByteArray();
        } catch (IllegalArgumentException e) {
            throw new CliException(where + ": " + e.getMessage());
        }
    }

    private static boolean isBlank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t') {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
