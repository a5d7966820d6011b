package org.gpumatch.bench.kmismatch;

import java.util.Locale;
import java.util.function.LongSupplier;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.ValidationException;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.RowFactory;

/**
 * Times one k-mismatch count row of the kmismatch suite: one validated warm-up, then {@code reps} timed runs, each
 * count checked against the cpu peer's; the row's text column and note come from the suite's {@link KMismatchInput}.
 */
final class KMismatchTimer {
    private final BenchContext ctx;
    private final RowFactory rows;
    private final KMismatchInput input;

    KMismatchTimer(BenchContext ctx, RowFactory rows, KMismatchInput input) {
        this.ctx = ctx;
        this.rows = rows;
        this.input = input;
    }

    /** A count-mode row: sigma 2, note {@code k=K} plus the input's note. */
    ResultRow time(String algorithm, Text text, Pattern p, int k, int reps, long want, LongSupplier run) {
        check(run.getAsLong(), want, algorithm + " m=" + p.length());
        long[] nanos = new long[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            long got = run.getAsLong();
            nanos[i] = System.nanoTime() - t0;
            check(got, want, algorithm + " m=" + p.length());
        }
        Samples wall = Samples.of(nanos);
        ctx.progress(String.format(Locale.ROOT, "%-24s n=%d m=%d k=%d: %.2f ms, %d hits", algorithm, text.length(),
                p.length(), k, wall.median() / 1e6, want));
        return rows.row(algorithm, "count", input.label(), text.length(), p.length(), 2, want, null, wall, note(k));
    }

    /** The row note: {@code k=K}, then the input's note when it has one. */
    String note(int k) {
        return "k=" + k + (input.note().isEmpty() ? "" : "; " + input.note());
    }

    /** ValidationException unless the counts agree. */
    static void check(long got, long want, String what) {
        if (got != want) {
            throw new ValidationException(what + ": " + got + " hits, the cpu peer found " + want);
        }
    }
}
