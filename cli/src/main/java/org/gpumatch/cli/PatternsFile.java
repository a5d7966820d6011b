package org.gpumatch.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.gpumatch.api.Pattern;

/** Reads {@code --patterns-file}: one pattern per line (first token), blank and {@code #} lines skipped. O(file). */
final class PatternsFile {
    private PatternsFile() {
    }

    /** The patterns of {@code name}, in file order; a one-line CliException when unreadable or empty. */
    static List<Pattern> read(String name, boolean hex) {
        List<String> lines;
        try {
            lines = Files.readAllLines(TextFiles.path(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException("cannot read " + name + ": " + TextFiles.describe(e));
        }
        List<Pattern> out = new ArrayList<>();
        for (String line : lines) {
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                out.add(ExactSearch.parsePattern(t.split("\\s+")[0], hex));
            }
        }
        if (out.isEmpty()) {
            throw new CliException("no pattern in " + name);
        }
        return out;
    }
}
