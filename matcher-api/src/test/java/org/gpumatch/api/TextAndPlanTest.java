package org.gpumatch.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TextAndPlanTest {

    @Test
    void textWrapsWithoutCopying() {
        byte[] bytes = {1, 2, 3};
        Text t = Text.wrap(bytes);

        assertThat(t.bytes()).isSameAs(bytes);
        assertThat(t.length()).isEqualTo(3);
        assertThat(t).hasToString("Text[n=3]");
        assertThat(Text.wrap(new byte[0]).length()).isZero();
        assertThatThrownBy(() -> Text.wrap(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void planNeedsAllThreePartsAndPrintsThem() {
        Plan p = new Plan(Algorithm.DRK_WOM_64, "OpenCL GPU NVIDIA H200", "forced with -a");

        assertThat(p).hasToString("drk-wom-64 on OpenCL GPU NVIDIA H200 (forced with -a)");
        assertThatThrownBy(() -> new Plan(null, "d", "r")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new Plan(Algorithm.SRK, null, "r")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new Plan(Algorithm.SRK, "d", null)).isInstanceOf(NullPointerException.class);
    }
}
