package org.gpumatch.api.multi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PatternSetTest {
    @Test
    void rejectsEmptySetsAndPatterns() {
        assertThatThrownBy(() -> PatternSet.of(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PatternSet.utf8("a", "")).hasMessageContaining("pattern 1 is empty");
    }

    @Test
    void lengths() {
        PatternSet s = PatternSet.utf8("abc", "a", "abcd", "xyz");
        assertThat(s.shortest()).isEqualTo(1);
        assertThat(s.longest()).isEqualTo(4);
        assertThat(s.distinctLengths()).containsExactly(1, 3, 4);
        assertThat(s.indicesOfLength(3)).containsExactly(0, 3);
        assertThat(s.uniformLength()).isFalse();
    }

    @Test
    void matchesAreOrdered() {
        MultiMatches m = MultiMatches.sorted(new int[] {5, 1, 5}, new int[] {2, 0, 1}, 3);
        assertThat(m.offset(0)).isEqualTo(1);
        assertThat(m.index(1)).isEqualTo(1);
        assertThatThrownBy(() -> new MultiMatches(new int[] {2, 1}, new int[] {0, 0}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
