package org.gpumatch.bench.report;

import java.io.IOException;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.UsageException;

/** {@code bench results}: rewrites RESULTS.md from the CSVs under {@code --out} (no device needed). */
public final class ResultsSuite implements Suite {
    @Override
    public String name() {
        return "results";
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        var md = ResultsMarkdown.regenerate(ctx.options().out());
        if (md.isEmpty()) {
            throw new UsageException("no device folders with results under " + ctx.options().out());
        }
        ctx.out().println("wrote " + md.get());
    }
}
