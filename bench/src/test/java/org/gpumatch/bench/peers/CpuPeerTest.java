package org.gpumatch.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/** Every CPU peer against the naive oracle, on random and periodic texts, whole and with start limits. */
class CpuPeerTest {
    private static final NaiveMatcher ORACLE = new NaiveMatcher();

    @Test
    void horspoolCountsLikeTheOracle() {
        checkAgainstOracle(new Horspool());
    }

    @Test
    void latin1IndexOfCountsLikeTheOracle() {
        checkAgainstOracle(new Latin1IndexOf());
    }

    @Test
    void naiveAndSrkPeersCountLikeTheOracle() {
        checkAgainstOracle(new NaivePeer());
        checkAgainstOracle(new SrkPeer());
    }

    private static void checkAgainstOracle(CpuPeer peer) {
        int checked = 0;
        for (PeerTestInputs.Case c : PeerTestInputs.texts()) {
            CpuPeer.Searcher s = peer.prepare(c.text());
            for (byte[] p : PeerTestInputs.patterns(c.text(), 11)) {
                int[] positions = ORACLE.find(Text.wrap(c.text()), Pattern.of(p));
                String what = peer.name() + " on " + c.name() + ", pattern " + HexFormat.of().formatHex(p);
                assertThat(s.count(p, c.text().length)).as(what).isEqualTo(positions.length);
                for (int limit : new int[] {0, 1, 17, c.text().length / 2, c.text().length - p.length,
                        c.text().length - p.length + 1}) {
                    long below = java.util.Arrays.stream(positions).filter(i -> i < limit).count();
                    assertThat(s.count(p, limit)).as(what + " limit " + limit).isEqualTo(below);
                }
                checked += positions.length;
            }
        }
        assertThat(checked).as("the inputs have occurrences at all").isGreaterThan(1000);
    }

    @Test
    void horspoolFindsOverlappingOccurrences() {
        assertThat(Horspool.count("aaaaa".getBytes(), "aa".getBytes(), 5)).isEqualTo(4);
        assertThat(Horspool.count("abababa".getBytes(), "aba".getBytes(), 7)).isEqualTo(3);
        assertThat(Horspool.count("ab".getBytes(), "abc".getBytes(), 2)).isZero();
    }

    @Test
    void indexOfPeerSeesBytesAbove0x7fAsThemselves() {
        byte[] t = {(byte) 0xE9, 0x41, (byte) 0xE9, 0x41, (byte) 0xFF};
        CpuPeer.Searcher s = new Latin1IndexOf().prepare(t);
        assertThat(s.count(new byte[] {(byte) 0xE9, 0x41}, t.length)).isEqualTo(2);
        assertThat(s.count(new byte[] {(byte) 0xFF}, t.length)).isEqualTo(1);
        assertThat(s.count(new byte[] {(byte) 0xC3, (byte) 0xA9}, t.length)).isZero(); // UTF-8 of U+00E9: no match
    }
}
