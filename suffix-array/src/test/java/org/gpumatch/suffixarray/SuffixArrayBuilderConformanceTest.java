package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The conformance kit every {@link SuffixArrayBuilder} must pass: a short subclass per builder naming the builder and
 * its boundaries (work-group, chunk, tile or page sizes). Each group of {@link SuffixArrayConformanceCases} is one
 * test; each text's array is compared with {@link NaiveSuffixArray} and passed through the checker
 * ({@link SuffixArrayConformanceCheck}), and a test reports every failing text of its group, not only the first.
 *
 * <p>One builder instance serves the whole class ({@code PER_CLASS}), created in {@code @BeforeAll} and closed in
 * {@code @AfterAll}, so GPU builders compile their kernels once. The kit's own test
 * ({@code SuffixArrayKitSelfTest}) shows that it fails a builder that swaps two entries.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SuffixArrayBuilderConformanceTest {
    private SuffixArrayBuilder builder;

    /** The builder under test; called once per test class, closed after the last test. */
    protected abstract SuffixArrayBuilder createBuilder();

    /** The builder's work-group, chunk, tile or page sizes: the kit builds texts around them and their multiples. */
    protected int[] boundaries() {
        return new int[] {64, 256, 1024};
    }

    @BeforeAll
    void openBuilder() {
        builder = createBuilder();
    }

    @AfterAll
    void closeBuilder() {
        if (builder != null) {
            builder.close();
        }
    }

    private void assertConforms(List<SuffixArrayConformanceCases.Case> cases) {
        List<String> failures = new ArrayList<>();
        for (SuffixArrayConformanceCases.Case c : cases) {
            SuffixArrayConformanceCheck.mismatch(builder, c.name(), c.text().get()).ifPresent(failures::add);
        }
        assertThat(failures).as("%d of %d cases fail", failures.size(), cases.size()).isEmpty();
    }

    @Test
    void tinyTexts() {
        assertConforms(SuffixArrayConformanceCases.tiny());
    }

    @Test
    void everyLengthUpTo300() {
        assertConforms(SuffixArrayConformanceCases.everyLengthTo300());
    }

    @Test
    void lengthsAroundTheBuildersBoundaries() {
        assertConforms(SuffixArrayConformanceCases.aroundBoundaries(boundaries()));
    }

    @Test
    void allByteValues() {
        assertConforms(SuffixArrayConformanceCases.allByteValues());
    }

    @Test
    void periodicTexts() {
        assertConforms(SuffixArrayConformanceCases.periodic());
    }

    @Test
    void everyHardText() {
        assertConforms(SuffixArrayConformanceCases.hard());
    }
}
