package org.gpumatch.aparapi.plan;

/**
 * What a search costs depends on: a text of n bytes where {@link #state} says it is, a pattern of m bytes, sigma-bit
 * symbols, and how many queries run against the text.
 *
 * @param n       text bytes (of one window when streamed)
 * @param m       pattern bytes
 * @param sigma   bits per symbol, 1..8
 * @param state   where the text is before the search
 * @param queries queries run against this text, at least 1
 * @param overlapped whether a device search of this file runs as the one-shot search (read, pack, upload and search
 *                overlapped chunk by chunk; see {@link CostPlanner}), else stage after stage
 */
public record Workload(long n, int m, int sigma, TextState state, int queries, boolean overlapped) {
    /** Where the text is before the search. */
    public enum TextState {
        /** In a file: it must be read (or mapped) first. */
        FILE,
        /** In the Java heap already (a {@code byte[]} or a {@code Text}). */
        HEAP,
        /** In the heap and already uploaded to the device by an earlier query (a library user's resident text). */
        DEVICE
    }

    /** A workload whose device search runs stage after stage (not {@link #overlapped}). */
    public Workload(long n, int m, int sigma, TextState state, int queries) {
        this(n, m, sigma, state, queries, false);
    }

    public Workload {
        if (overlapped && (state != TextState.FILE || queries != 1)) {
            throw new IllegalArgumentException("only one query of a text in a file is overlapped");
        }
        if (n < 0 || m < 1 || sigma < 1 || sigma > 8 || queries < 1 || state == null) {
            throw new IllegalArgumentException("workload needs n >= 0, m >= 1, sigma 1..8, queries >= 1 and a state: n = "
                    + n + ", m = " + m + ", sigma = " + sigma + ", queries = " + queries + ", state = " + state);
        }
    }

    /** One query on a file searched on the device through the one-shot search, the CLI's case for large files. */
    public static Workload oneShotOverlapped(long n, int m, int sigma) {
        return new Workload(n, m, sigma, TextState.FILE, 1, true);
    }

    /** One query on a text in a file, the CLI's case. */
    public static Workload oneShotFile(long n, int m, int sigma) {
        return new Workload(n, m, sigma, TextState.FILE, 1);
    }
}
