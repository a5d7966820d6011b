package org.gpumatch.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.multi.PatternSet;

/**
 * Reads {@code --patterns-file}: one pattern per line (its UTF-8 bytes, or hex digits with {@code --hex}); a final
 * line break is optional and {@code \r\n} endings are accepted. An empty line, a bad hex line or an unreadable file is
 * a {@link CliException} naming the line. Memory: the file's bytes twice.
 */
final class PatternsFile {
    private PatternsFile() {
    }

    static PatternSet read(String file, boolean hex) {
        String content;
        try {
            content = Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new CliException("cannot read the patterns file " + file + ": " + e.getMessage());
        }
        if (content.endsWith("\n")) {
            content = content.substring(0, content.length() - 1);
        }
        String[] lines = content.split("\n", -1);
        List<byte[]> patterns = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            if (line.isEmpty() || (hex && line.isBlank())) {
                throw new CliException(file + " line " + (i + 1) + ": empty pattern");
            }
            if (!hex) {
                patterns.add(line.getBytes(StandardCharsets.UTF_8));
                continue;
            }
            try {
                patterns.add(Pattern.hex(line).toByteArray());
            } catch (IllegalArgumentException e) {
                throw new CliException(file + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return PatternSet.of(patterns);
    }

    /** {@link #read} as a list of patterns, in file order. */
    static List<Pattern> readList(String file, boolean hex) {
        PatternSet set = read(file, hex);
        List<Pattern> out = new ArrayList<>(set.size());
        for (int i = 0; i < set.size(); i++) {
            out.add(Pattern.of(set.bytes(i)));
        }
        return out;
    }
}
