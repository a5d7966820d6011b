package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.suffixarray.CpuSuffixArrayBuilder;
import org.gpumatch.suffixarray.LongSaisBuilder;
import org.gpumatch.suffixarray.SaisBuilder;
import org.junit.jupiter.api.Test;

/** The auto factory past the int limit: {@code auto} and {@code cpu} choose the long SA-IS, {@code gpu} is refused. */
class LongBuilderChoiceTest {
    @Test
    void autoAndCpuChooseTheLongBuilderPastTheIntLimitAndGpuIsRefused() {
        assertThat(SuffixArrayBuilders.needsLongBuilder(SaisBuilder.MAX_LENGTH)).isFalse();
        assertThat(SuffixArrayBuilders.needsLongBuilder(SaisBuilder.MAX_LENGTH + 1L)).isTrue();
        final long n = 3_100_000_000L;
        final java.util.List<String> lines = new java.util.ArrayList<>();
        final SuffixArrayBuilders.LongChoice auto = SuffixArrayBuilders.chooseLong(SuffixArrayBuilders.Algorithm.AUTO,
                DevicePolicy.AUTO, n, lines::add);
        final int threads = Math.min(Runtime.getRuntime().availableProcessors(), CpuSuffixArrayBuilder.SAIS_THREADS);
        assertThat(auto.builder().name()).isEqualTo(new LongSaisBuilder(threads).name()).startsWith("sais-long");
        assertThat(auto.notice()).isEmpty();
        assertThat(lines).singleElement().asString().contains("estimate for 3100000000 bytes", "sais-long",
                "gpu none (the GPU builder takes at most 2147483639 bytes)").endsWith(": cpu");
        assertThat(lines.get(0).contains("lookahead helper")).as(lines.get(0)).isEqualTo(threads > 1);
        assertThat(SuffixArrayBuilders.chooseLong(SuffixArrayBuilders.Algorithm.CPU,
                DevicePolicy.AUTO, n, null).builder()).isInstanceOf(LongSaisBuilder.class);
        assertThatThrownBy(() -> SuffixArrayBuilders.chooseLong(SuffixArrayBuilders.Algorithm.GPU,
                DevicePolicy.AUTO, n, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too long for the GPU builder");
    }
}
