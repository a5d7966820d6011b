package org.gpumatch.bench.sa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.junit.jupiter.api.Test;

/** The builders of {@code bench sa}: the thread counts of the {@code sais-t} rows. */
class SaSuiteBuildersTest {
    @Test
    void saisThreadRowsGoUpToTheProcessorsAndIncludeThem() {
        assertThat(SaSuite.saisThreads(1)).isEmpty();
        assertThat(SaSuite.saisThreads(2)).containsExactly(2);
        assertThat(SaSuite.saisThreads(4)).containsExactly(2, 3, 4);
        assertThat(SaSuite.saisThreads(9)).containsExactly(2, 3, 5, 9);
        assertThat(SaSuite.saisThreads(16)).containsExactly(2, 3, 5, 9, 16);
    }

    @Test
    void saisTRowsAreSaisOnThoseThreads() {
        List<SuffixArrayBuilder> b = SaSuite.builders(null, Set.of("sais", "sais-t"));
        int processors = Runtime.getRuntime().availableProcessors();
        assertThat(b).hasSize(1 + SaSuite.saisThreads(processors).length);
        assertThat(b.get(0).name()).isEqualTo("sais-cpu");
        for (int i = 1; i < b.size(); i++) {
            assertThat(b.get(i).name()).isEqualTo("sais-cpu-" + SaSuite.saisThreads(processors)[i - 1] + "t");
        }
    }
}
