package org.gpumatch.example;

import java.nio.charset.StandardCharsets;
import org.gpumatch.aparapi.Search;
import org.gpumatch.api.Pattern;

/**
 * A user's program with the GPU module: counts a pattern in a text through {@link Search}, which plans by estimated
 * cost (a small text goes to the CPU matcher without touching OpenCL; a large one or a text kept on the device to the
 * GPU) and explains its choice.
 */
public final class CountPattern {

    private CountPattern() {
    }

    /** Counts {@code pattern} in {@code text}, overlapping occurrences included; the plan goes to {@code explain}. */
    static long count(byte[] text, String pattern, StringBuilder explain) {
        // The few lines a user writes:
        try (Search search = Search.onAutoDevice().explain(line -> explain.append(line).append('\n')).build()) {
            return search.count(text, Pattern.utf8(pattern));
        }
    }

    /** Counts the first argument (default "ana") in the second (default "bananas and ananas"). */
    public static void main(final String[] args) {
        String pattern = args.length > 0 ? args[0] : "ana";
        byte[] text = (args.length > 1 ? args[1] : "bananas and ananas").getBytes(StandardCharsets.UTF_8);
        StringBuilder explain = new StringBuilder();
        System.out.println(count(text, pattern, explain));
        System.err.print(explain);
    }
}
