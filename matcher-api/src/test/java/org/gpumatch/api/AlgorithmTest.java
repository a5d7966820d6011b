package org.gpumatch.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class AlgorithmTest {

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void fromCliNameIgnoresCaseAndBlanks(Algorithm a) {
        assertThat(Algorithm.fromCliName(a.cliName())).contains(a);
        assertThat(Algorithm.fromCliName(a.cliName().toUpperCase(Locale.ROOT))).contains(a);
        String mixed = a.cliName().substring(0, 1).toUpperCase(Locale.ROOT) + a.cliName().substring(1);
        assertThat(Algorithm.fromCliName(mixed)).contains(a);
        assertThat(Algorithm.fromCliName(" " + a.cliName() + " ")).contains(a);
        assertThat(a).hasToString(a.cliName());
        assertThat(a.source()).isNotBlank();
        assertThat(a.summary()).startsWith(a.cliName() + " (").contains(a.source());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "auto", "AUTO", "drk-wom", "drk_wom_64", "DRK_WOM_64", "rabin-karp", "multi-rk"})
    void unknownNamesAndAutoAreEmpty(String name) {
        assertThat(Algorithm.fromCliName(name)).isEmpty();
    }

    @Test
    void theFamilyListsEveryAlgorithmOnceAfterAuto() {
        assertThat(Algorithm.FAMILY.algorithms()).containsExactly(Algorithm.values());
        assertThat(Algorithm.FAMILY.names().get(0)).isEqualTo(Algorithm.AUTO);
        assertThat(Algorithm.FAMILY.names()).doesNotHaveDuplicates().hasSize(Algorithm.values().length + 1);
        assertThat(Algorithm.FAMILY.namesText()).startsWith("auto, naive, srk, cpu").contains("drk-wom-64");
    }

    @Test
    void lookupDoesNotDependOnTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR")); // "I".toLowerCase() is a dotless i there
            assertThat(Algorithm.fromCliName("DRK-WOM-64")).contains(Algorithm.DRK_WOM_64);
            assertThat(AlgorithmFamily.isAuto("AUTO")).isTrue();
        } finally {
            Locale.setDefault(saved);
        }
    }

    /** A family of two made-up algorithms, one of them an enumeration's {@code auto} that the registry leaves out. */
    private enum Toy implements NamedAlgorithm {
        AUTO("auto"), FAST("fast"), SLOW_ONE("slow-one");

        private final String name;

        Toy(String name) {
            this.name = name;
        }

        @Override
        public String cliName() {
            return name;
        }

        @Override
        public String summary() {
            return name;
        }
    }

    @Test
    void aFamilyParsesAutoAsNoneAndNamesItsAlgorithmsInUnknownNames() {
        AlgorithmFamily<Toy> family = AlgorithmFamily.of("toy", "toy -a", Toy.values());
        assertThat(family.algorithms()).containsExactly(Toy.FAST, Toy.SLOW_ONE);
        assertThat(family.names()).isEqualTo(List.of("auto", "fast", "slow-one"));
        assertThat(family.parse(" Auto ")).isEmpty();
        assertThat(family.parse("SLOW-ONE")).contains(Toy.SLOW_ONE);
        assertThat(family.takes("fast")).isTrue();
        assertThat(family.takes("auto")).isTrue();
        assertThat(family.takes("slow_one")).isFalse();
        assertThatThrownBy(() -> family.parse("quick")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown toy algorithm \"quick\"; toy -a takes: auto, fast, slow-one");
        assertThat(family).hasToString("toy (toy -a): auto, fast, slow-one");
    }

    private record Named(String cliName) implements NamedAlgorithm {
        @Override
        public String summary() {
            return cliName;
        }
    }

    @Test
    void aFamilyRefusesDuplicateOrMalformedNames() {
        assertThatThrownBy(() -> AlgorithmFamily.of("toy", "toy -a", new Named("a"), new Named("a")))
                .hasMessageContaining("a");
        assertThatThrownBy(() -> AlgorithmFamily.of("toy", "toy -a", new Named("Upper")))
                .hasMessageContaining("Upper");
        assertThatThrownBy(() -> AlgorithmFamily.of("toy", "toy -a", new Named("two words")))
                .hasMessageContaining("two words");
    }
}
