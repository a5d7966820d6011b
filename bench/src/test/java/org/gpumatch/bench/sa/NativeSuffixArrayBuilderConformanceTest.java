package org.gpumatch.bench.sa;

import java.nio.file.Files;
import java.nio.file.Path;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.gpumatch.suffixarray.SuffixArrayBuilderConformanceTest;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The suffix-array builders' conformance kit (suffix-array's test-jar) run by the bench's peer, libdivsufsort through
 * {@code sufcheck-bench} ({@link NativeSuffixArrayBuilder}), so that every builder the bench compares answers the
 * same texts as the project's own. The helper is found as the bench finds it ({@code -Dgpumatch.bench.sufcheck=PATH},
 * else {@code bench/target/native/sufcheck-bench}, here also looked up from the bench module's folder, where the tests
 * run); where it is not built, every test of the class is skipped with the reason and how to build it
 * ({@link HelperBuilt}). Each text is one process of the helper (a few ms).
 */
@ExtendWith(NativeSuffixArrayBuilderConformanceTest.HelperBuilt.class)
class NativeSuffixArrayBuilderConformanceTest extends SuffixArrayBuilderConformanceTest {
    private static final String PROPERTY = "gpumatch.bench.sufcheck";

    /** Skips the class, saying why and how to build the helper, when libdivsufsort's helper is not built. */
    static final class HelperBuilt implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            Path fromModule = Path.of("target", "native", "sufcheck-bench");
            if (System.getProperty(PROPERTY) == null && Files.isExecutable(fromModule)) {
                System.setProperty(PROPERTY, fromModule.toString()); // the tests run in bench/; the default is from the root
            }
            return NativeSuffixArrayBuilder.find().isPresent()
                    ? ConditionEvaluationResult.enabled("libdivsufsort's helper " + NativeSuffixArrayBuilder.whereLooked())
                    : ConditionEvaluationResult.disabled("libdivsufsort's helper is not built (looked for "
                            + NativeSuffixArrayBuilder.whereLooked() + "): run bench/native/build-sufcheck.sh [--download]");
        }
    }

    @Override
    protected SuffixArrayBuilder createBuilder() {
        return NativeSuffixArrayBuilder.find().orElseThrow();
    }
}
