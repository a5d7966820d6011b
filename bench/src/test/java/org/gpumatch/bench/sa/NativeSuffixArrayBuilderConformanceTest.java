package org.gpumatch.bench.sa;

import java.nio.file.Files;
import java.nio.file.Path;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.gpumatch.suffixarray.SuffixArrayBuilderConformanceTest;
import org.junit.jupiter.api.Assumptions;

/**
 * The suffix-array builders' conformance kit (suffix-array's test-jar) run by the bench's peer, libdivsufsort through
 * {@code sufcheck-bench} ({@link NativeSuffixArrayBuilder}), so that every builder the bench compares answers the
 * same texts as the project's own. The helper is found as the bench finds it ({@code -Dgpumatch.bench.sufcheck=PATH},
 * else {@code bench/target/native/sufcheck-bench}, also looked up from the bench module's folder where the tests
 * run); where it is not built the class is skipped, saying how to build it. Each text is one process of the helper
 * (a few ms).
 */
class NativeSuffixArrayBuilderConformanceTest extends SuffixArrayBuilderConformanceTest {
    private static final String PROPERTY = "gpumatch.bench.sufcheck";

    @Override
    protected SuffixArrayBuilder createBuilder() {
        Path fromModule = Path.of("target", "native", "sufcheck-bench");
        if (System.getProperty(PROPERTY) == null && Files.isExecutable(fromModule)) {
            System.setProperty(PROPERTY, fromModule.toString()); // the tests run in bench/, the default is from the root
        }
        var helper = NativeSuffixArrayBuilder.find();
        Assumptions.assumeTrue(helper.isPresent(), "libdivsufsort's helper is not built (looked for "
                + NativeSuffixArrayBuilder.whereLooked() + "): run bench/native/build-sufcheck.sh [--download]");
        return helper.get();
    }
}
