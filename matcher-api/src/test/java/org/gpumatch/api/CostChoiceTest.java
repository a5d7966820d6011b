package org.gpumatch.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.gpumatch.api.plan.CostChoice;
import org.gpumatch.api.plan.StagedEstimate;
import org.gpumatch.api.plan.StagedEstimate.Stage;
import org.junit.jupiter.api.Test;

/** The shared planner shape: the cheapest estimate, the one explain formatter. */
class CostChoiceTest {
    private static final StagedEstimate CPU = new StagedEstimate("cpu", "cpu", List.of(new Stage("search", 3_000_000)));
    private static final StagedEstimate GPU = new StagedEstimate("gpu", "device",
            List.of(new Stage("compile", 1_000_000), new Stage("search", 500_000)));

    @Test
    void cheapestIsChosenAndMarkedFirst() {
        CostChoice<StagedEstimate> c = CostChoice.cheapest(List.of(CPU, GPU), "test table");
        assertThat(c.candidate()).isEqualTo("gpu");
        assertThat(c.explainLines()).containsExactly("estimates (test table):",
                "  * gpu (device): total 1.500 ms = compile 1.000 ms + search 0.500 ms",
                "    cpu (cpu): total 3.000 ms = search 3.000 ms");
    }

    @Test
    void theChosenMustBeAmongTheEstimates() {
        assertThatThrownBy(() -> new CostChoice<>(CPU, List.of(GPU), "t", "r"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cpu");
    }
}
