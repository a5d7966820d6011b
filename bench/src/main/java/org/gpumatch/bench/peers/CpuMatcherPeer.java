package org.gpumatch.bench.peers;

import org.gpumatch.api.cpu.CpuMatcher;

/**
 * The library's CPU matcher ({@link CpuMatcher}, {@code -a cpu}) as a peer: vectorized String.indexOf scans with a
 * rare-byte prefilter, over parts on all cores of the common fork-join pool (so one searcher already uses every core;
 * split-text runs nest in that pool). Thread-safe. Cost: one pass over the text; memory: a part per worker thread.
 */
public final class CpuMatcherPeer implements CpuPeer {
    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public CpuPeer.Searcher prepare(byte[] text) {
        CpuMatcher cpu = new CpuMatcher();
        return (pattern, limit) -> cpu.countStartingBefore(text, pattern, limit);
    }
}
