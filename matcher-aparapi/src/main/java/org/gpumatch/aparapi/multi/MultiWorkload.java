package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.PatternSet;

/**
 * What a multi-pattern search costs depends on: the text's size, the pattern set's size and bytes (the automaton of
 * {@code multi-cpu} has at most {@code patternBytes + 1} nodes and {@code patternClasses} columns), and whether the
 * matchers still have to be made (a new process: kernel compile, automaton build, first upload into a new buffer)
 * or are already made (a later query of a new text, as the bench times them after a warm-up).
 *
 * @param textBytes      bytes searched (the whole input, not one chunk of it)
 * @param patterns       k, the number of patterns
 * @param patternBytes   the patterns' bytes in all
 * @param patternClasses the distinct bytes of the patterns plus one (the automaton's columns)
 * @param start          whether the matchers are still to be made
 */
public record MultiWorkload(long textBytes, int patterns, long patternBytes, int patternClasses, Start start) {
    /** Whether the matchers are still to be made. */
    public enum Start {
        /** A new process (the command line): compile the kernel, build the automaton, upload into a new buffer. */
        NEW_PROCESS,
        /** Matchers already made and warm; a new text is copied into the kept device buffer. */
        WARM
    }

    public MultiWorkload {
        if (textBytes < 0 || patterns < 1 || patternBytes < patterns || patternClasses < 2) {
            throw new IllegalArgumentException("bad multi-pattern workload: " + textBytes + " bytes, " + patterns
                    + " patterns of " + patternBytes + " bytes, " + patternClasses + " classes");
        }
    }

    /** The workload of searching {@code textBytes} bytes for {@code set}; one pass over the set's bytes. */
    public static MultiWorkload of(long textBytes, PatternSet set, Start start) {
        boolean[] seen = new boolean[256];
        int distinct = 0;
        for (int i = 0; i < set.size(); i++) {
            for (byte b : set.bytes(i)) {
                if (!seen[b & 0xFF]) {
                    seen[b & 0xFF] = true;
                    distinct++;
                }
            }
        }
        return new MultiWorkload(textBytes, set.size(), set.totalBytes(), distinct + 1, start);
    }

    /** The automaton's (node, class) entries at most: {@code (patternBytes + 1) * patternClasses}. */
    public long automatonCells() {
        return (patternBytes + 1) * patternClasses;
    }
}
