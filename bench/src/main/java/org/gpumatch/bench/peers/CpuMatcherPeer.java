package org.gpumatch.bench.peers;

import org.gpumatch.api.cpu.CpuMatcher;

/**
 * The library's CPU matcher ({@link CpuMatcher}, {@code -a cpu}) as a peer: its SWAR rare-byte probe filter over
 * parts, all in the calling thread ({@link CpuMatcher#countStartingBeforeInThisThread}), so that the {@code cpu-1t}
 * row is one core and the {@code cpu-all} row is the same loop over the split text's slices on all cores (what
 * {@code -a cpu} does over its own parts). Thread-safe. Cost: one pass over the text; memory: none beyond the pattern.
 */
public final class CpuMatcherPeer implements CpuPeer {
    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public CpuPeer.Searcher prepare(byte[] text) {
        CpuMatcher cpu = new CpuMatcher();
        return (pattern, limit) -> cpu.countStartingBeforeInThisThread(text, pattern, limit);
    }
}
