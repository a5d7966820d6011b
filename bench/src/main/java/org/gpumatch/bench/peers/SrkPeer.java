package org.gpumatch.bench.peers;

import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.SequentialRabinKarpMatcher;

/**
 * The library's sequential Rabin-Karp ({@link SequentialRabinKarpMatcher}, the paper's SRK baseline) as a CPU peer.
 * It searches whole texts, so a count up to {@code limit} subtracts the occurrences that start at or after
 * {@code limit}, found naively in the short tail (at most the split overlap, m-1 bytes, for {@link SplitText}).
 * Cost: O(n + m) expected, one modular update per byte.
 */
public final class SrkPeer implements CpuPeer {
    @Override
    public String name() {
        return "srk";
    }

    @Override
    public CpuPeer.Searcher prepare(byte[] text) {
        Text t = Text.wrap(text);
        SequentialRabinKarpMatcher srk = new SequentialRabinKarpMatcher();
        return (pattern, limit) -> {
            long all = srk.count(t, Pattern.of(pattern));
            int tailStart = Math.max(0, limit);
            long tail = 0;
            for (int i = tailStart; i + pattern.length <= text.length; i++) {
                if (org.gpumatch.api.reference.NaiveMatcher.matchesAt(text, i, pattern)) {
                    tail++;
                }
            }
            return all - tail;
        };
    }
}
