package org.gpumatch.bench.report;

import org.gpumatch.bench.RunInfo;
import org.gpumatch.bench.Samples;

/**
 * Builds {@link ResultRow}s of one run: adds the provenance, converts nanosecond samples to milliseconds and GB/s,
 * and divides by the read ceiling once it is known.
 */
public final class RowFactory {
    private final RunInfo info;
    private final String suite;
    private final boolean quick;
    private double readCeilingGbps = Double.NaN;

    public RowFactory(RunInfo info, String suite, boolean quick) {
        this.info = info;
        this.suite = suite;
        this.quick = quick;
    }

    /** Sets the read ceiling every later row is divided by (device GB/s when profiled, else wall GB/s). */
    public void readCeiling(double gbps) {
        this.readCeilingGbps = gbps;
    }

    public double readCeiling() {
        return readCeilingGbps;
    }

    /**
     * A measured row.
     *
     * @param device device-time samples in ns, or null when unknown
     * @param wall   wall-time samples in ns
     */
    public ResultRow row(String algorithm, String mode, String text, long n, int m, int sigma, long matches,
                         Samples device, Samples wall, String note) {
        double devGbps = device == null || n == 0 ? Double.NaN : device.gbPerSecond(n);
        double wallGbps = n == 0 ? Double.NaN : wall.gbPerSecond(n);
        double best = Double.isNaN(devGbps) ? wallGbps : devGbps;
        return new ResultRow(info.device(), info.driver(), info.jdk(), info.aparapi(), info.host(),
                info.date().toString(), suite, quick, algorithm, mode, text, n, m, sigma, matches, wall.count(),
                ms(device, Samples::median), ms(device, Samples::min), ms(device, Samples::max),
                ms(wall, Samples::median), ms(wall, Samples::min), ms(wall, Samples::max), devGbps, wallGbps,
                best / readCeilingGbps, note);
    }

    private static double ms(Samples s, java.util.function.ToLongFunction<Samples> f) {
        return s == null ? Double.NaN : f.applyAsLong(s) / 1e6;
    }
}
