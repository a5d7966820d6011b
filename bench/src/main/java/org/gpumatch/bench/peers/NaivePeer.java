package org.gpumatch.bench.peers;

import org.gpumatch.api.reference.NaiveMatcher;

/**
 * The naive matcher (the oracle's algorithm, {@link NaiveMatcher#matchesAt}) restricted to window starts in
 * {@code [0, limit)}, with a first-byte test before the comparison. O(nm) worst case, about n first-byte tests on
 * random text.
 */
public final class NaivePeer implements CpuPeer {
    @Override
    public String name() {
        return "naive";
    }

    @Override
    public CpuPeer.Searcher prepare(byte[] text) {
        return (pattern, limit) -> count(text, pattern, limit);
    }

    static long count(byte[] t, byte[] p, int limit) {
        int end = Math.min(limit, t.length - p.length + 1);
        byte first = p[0];
        long found = 0;
        for (int i = 0; i < end; i++) {
            if (t[i] == first && NaiveMatcher.matchesAt(t, i, p)) {
                found++;
            }
        }
        return found;
    }
}
