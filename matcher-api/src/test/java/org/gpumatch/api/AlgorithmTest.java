package org.gpumatch.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class AlgorithmTest {

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void fromCliNameIgnoresCase(Algorithm a) {
        assertThat(Algorithm.fromCliName(a.cliName())).contains(a);
        assertThat(Algorithm.fromCliName(a.cliName().toUpperCase(Locale.ROOT))).contains(a);
        String mixed = a.cliName().substring(0, 1).toUpperCase(Locale.ROOT) + a.cliName().substring(1);
        assertThat(Algorithm.fromCliName(mixed)).contains(a);
        assertThat(a).hasToString(a.cliName());
        assertThat(a.source()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "auto", "AUTO", "drk-wom", "drk_wom_64", "DRK_WOM_64", " drk", "drk ", "rabin-karp"})
    void unknownNamesAndAutoAreEmpty(String name) {
        assertThat(Algorithm.fromCliName(name)).isEmpty();
    }

    @Test
    void cliNamesAreUniqueLowercaseWords() {
        Set<String> seen = new HashSet<>();
        for (Algorithm a : Algorithm.values()) {
            assertThat(seen.add(a.cliName())).as("duplicate cli name %s", a.cliName()).isTrue();
            assertThat(a.cliName()).matches("[a-z0-9]+(-[a-z0-9]+)*").isNotEqualTo(Algorithm.AUTO);
        }
    }

    @Test
    void lookupDoesNotDependOnTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR")); // "I".toLowerCase() is a dotless i there
            assertThat(Algorithm.fromCliName("MULTI-RK")).contains(Algorithm.MULTI_RK);
            assertThat(Algorithm.fromCliName("DRK-WOM-64")).contains(Algorithm.DRK_WOM_64);
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void cliNamesListsExactlyTheFamily() {
        for (Algorithm.Family f : Algorithm.Family.values()) {
            Set<String> listed = Arrays.stream(Algorithm.cliNames(f).split(", ")).collect(Collectors.toSet());
            Set<String> expected = Arrays.stream(Algorithm.values()).filter(a -> a.family() == f)
                    .map(Algorithm::cliName).collect(Collectors.toSet());
            assertThat(expected).as("family %s has algorithms", f).isNotEmpty();
            assertThat(listed).isEqualTo(expected);
        }
        assertThat(Algorithm.cliNames(Algorithm.Family.EXACT)).contains("drk-wom-64", "naive", "srk");
    }
}
