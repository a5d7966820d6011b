package org.gpumatch.bench.peers;

import java.util.List;

/** The CPU peers every exact run measures, in table order. */
public final class CpuPeers {
    private CpuPeers() {
    }

    /** naive, srk, horspool, indexof, cpu (the library's CPU matcher). */
    public static List<CpuPeer> standard() {
        return List.of(new NaivePeer(), new SrkPeer(), new Horspool(), new Latin1IndexOf(), new CpuMatcherPeer());
    }

    /** The peer called {@code name}, if any. */
    public static java.util.Optional<CpuPeer> byName(String name) {
        return standard().stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
