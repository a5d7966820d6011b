package org.gpumatch.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.bench.exact.RandomText;
import org.junit.jupiter.api.Test;

/** The all-cores split against single-threaded counting, with occurrences placed across every slice boundary. */
class SplitTextTest {
    @Test
    void splitCountsEqualSingleThreadOnPeriodicAndRandomTexts() {
        for (PeerTestInputs.Case c : PeerTestInputs.texts()) {
            for (int parts : new int[] {1, 2, 7, 64}) {
                SplitText split = SplitText.of(c.text(), parts, 40);
                for (CpuPeer peer : CpuPeers.standard()) {
                    CpuPeer.Searcher one = peer.prepare(c.text());
                    SplitText.Prepared all = split.prepare(peer);
                    for (byte[] p : PeerTestInputs.patterns(c.text(), 5)) {
                        assertThat(all.count(p)).as(peer.name() + " " + c.name() + " parts " + parts + " m "
                                + p.length).isEqualTo(one.count(p, c.text().length));
                    }
                }
            }
        }
    }

    @Test
    void occurrencesStraddlingEachBoundaryAreCountedOnce() {
        byte[] pattern = "XYZXYZQ".getBytes(); // bytes that random sigma=1 text ('0','1') never holds
        int m = pattern.length;
        byte[] text = RandomText.generate(5000, 1, 3);
        SplitText probe = SplitText.of(text, 9, m - 1);
        int[] starts = probe.starts();
        // one occurrence starting at each offset from boundary - m + 1 to boundary, for every inner boundary
        // (spread over several texts so occurrences do not overwrite each other)
        for (int shift = -m + 1; shift <= 0; shift++) {
            byte[] t = text.clone();
            for (int b = 1; b < starts.length; b++) {
                System.arraycopy(pattern, 0, t, starts[b] + shift, m);
            }
            long expected = new NaiveMatcher().count(Text.wrap(t), Pattern.of(pattern));
            assertThat(expected).isEqualTo(starts.length - 1);
            SplitText split = SplitText.of(t, 9, m - 1);
            for (CpuPeer peer : CpuPeers.standard()) {
                assertThat(split.prepare(peer).count(pattern)).as(peer.name() + " shift " + shift)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void aPatternLongerThanTheOverlapIsRefused() {
        SplitText split = SplitText.of(new byte[100], 4, 3);
        SplitText.Prepared p = split.prepare(new NaivePeer());
        assertThat(p.count(new byte[4])).isEqualTo(97);
        assertThatThrownBy(() -> p.count(new byte[5])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overlap");
    }

    @Test
    void shortTextsGetNoEmptySlices() {
        assertThat(SplitText.of(new byte[3], 16, 0).parts()).isEqualTo(3);
        assertThat(SplitText.of(new byte[3], 16, 0).prepare(new Horspool()).count(new byte[] {0})).isEqualTo(3);
    }
}
