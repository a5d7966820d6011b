package org.gpumatch.bench.report;

/** Result rows for report tests: rates from times, n = 10^9 bytes so that GB/s = 1000 / ms. */
final class ReportRows {
    static final long N = 1_000_000_000L;

    private ReportRows() {
    }

    /** A row of the exact suite; {@code deviceMs} NaN for rows without device time. */
    static ResultRow row(String date, String alg, String mode, String text, int sigma, int m, double deviceMs,
                         double wallMs) {
        return new ResultRow("OpenCL GPU Test", "OpenCL 3.0 test", "jdk", "3.0.2", "cpu x 2 threads", date, "exact",
                false, alg, mode, text, N, m, sigma, 1, 5, deviceMs, deviceMs, deviceMs, wallMs, wallMs, wallMs,
                Double.isNaN(deviceMs) ? Double.NaN : 1000 / deviceMs, 1000 / wallMs, 0.5,
                text.equals("random") ? "" : "file " + text.substring(5) + ".txt.gz (gzip)");
    }

    static ResultRow ceiling(String date, String alg, double gbps) {
        return new ResultRow("OpenCL GPU Test", "OpenCL 3.0 test", "jdk", "3.0.2", "cpu x 2 threads", date, "exact",
                false, alg, "ceiling", "-", N, -1, -1, -1, 5, 1000 / gbps, 1000 / gbps, 1000 / gbps, 1000 / gbps,
                1000 / gbps, 1000 / gbps, gbps, gbps, Double.NaN, "");
    }
}
