package org.gpumatch.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gpumatch.bench.ceiling.CeilingSuite;
import org.gpumatch.bench.e2e.E2eSuite;
import org.gpumatch.bench.exact.ExactSuite;
import org.gpumatch.bench.kmismatch.KMismatchSuite;
import org.gpumatch.bench.multi.MultiSuite;
import org.gpumatch.bench.primitives.PrimitivesSuite;
import org.gpumatch.bench.report.ResultsSuite;
import org.gpumatch.bench.sa.SaSuite;

/** The suites {@code gpumatch bench} knows, and the ones announced but not built yet (with the issue that builds them). */
public final class Suites {
    private final Map<String, Suite> implemented;
    private final Map<String, String> planned;

    private Suites(Map<String, Suite> implemented, Map<String, String> planned) {
        this.implemented = implemented;
        this.planned = planned;
    }

    /** The suites of this build. */
    public static Suites standard() {
        Map<String, Suite> impl = new LinkedHashMap<>();
        for (Suite s : new Suite[] {new CeilingSuite(), new ExactSuite(), new PrimitivesSuite(), new MultiSuite(), new KMismatchSuite(),
                new SaSuite(), new E2eSuite(), new ResultsSuite()}) {
            impl.put(s.name(), s);
        }
        Map<String, String> planned = new LinkedHashMap<>();
        planned.put("checker", "meanwhile bench/native/run-checker-bench.sh runs CheckerBench and sufcheck; see"
                + " bench/results/checker");
        return new Suites(impl, planned);
    }

    /** These suites with {@code suite} replacing (or adding) the one of its name; for tests that inject faults. */
    public Suites with(Suite suite) {
        Map<String, Suite> impl = new LinkedHashMap<>(implemented);
        impl.put(suite.name(), suite);
        Map<String, String> planned = new LinkedHashMap<>(this.planned);
        planned.remove(suite.name());
        return new Suites(impl, planned);
    }

    /**
     * The suite called {@code name}.
     *
     * @throws UsageException for a planned suite ("not implemented yet") or an unknown name
     */
    public Suite find(String name) {
        Suite s = implemented.get(name);
        if (s != null) {
            return s;
        }
        if (planned.containsKey(name)) {
            throw new UsageException("suite " + name + " is not implemented yet (" + planned.get(name) + ")");
        }
        throw new UsageException("unknown suite " + name + "; suites: " + String.join(", ", implemented.keySet())
                + ", " + String.join(", ", planned.keySet()));
    }
}
