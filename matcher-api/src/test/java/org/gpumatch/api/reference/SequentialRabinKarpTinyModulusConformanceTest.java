package org.gpumatch.api.reference;

import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/** SRK modulo 7: about one window in seven is a fingerprint hit, so the kit exercises the verification step everywhere. */
class SequentialRabinKarpTinyModulusConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new SequentialRabinKarpMatcher(7);
    }
}
