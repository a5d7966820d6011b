package org.gpumatch.bench.report;

/**
 * One line of a results CSV: one measured quantity of one run. Missing numbers are NaN (times, rates) or -1 (m,
 * sigma, matches) and are written as empty cells. Times are milliseconds; rates are GB/s (10^9 bytes per second of
 * the n text bytes).
 *
 * @param device             the device description
 * @param driver             the OpenCL platform version (names the driver)
 * @param jdk                Java runtime vendor and version
 * @param aparapi            Aparapi version
 * @param host               host CPU and hardware threads (where CPU peers ran)
 * @param date               start of the run, ISO-8601 UTC
 * @param suite              the suite, e.g. {@code exact}
 * @param quick              whether the run used {@code --quick}
 * @param algorithm          algorithm or quantity, e.g. {@code drk-wom-64}, {@code horspool}, {@code read-ceiling}
 * @param mode               {@code resident}, {@code oneshot}, {@code cpu-1t}, {@code cpu-all}, {@code external} or
 *                           {@code ceiling}
 * @param text               the input: {@code random} or {@code file:NAME}
 * @param n                  bytes processed per run
 * @param m                  pattern length, or -1
 * @param sigma              alphabet bits of the text, or -1
 * @param matches            occurrences counted (validated against the oracle unless the note says otherwise), or -1
 * @param reps               timed runs the statistics are over
 * @param deviceMedianMs     median device time (OpenCL event profiling), or NaN
 * @param deviceMinMs        minimum device time, or NaN
 * @param deviceMaxMs        maximum device time, or NaN
 * @param wallMedianMs       median host wall time per call
 * @param wallMinMs          minimum wall time
 * @param wallMaxMs          maximum wall time
 * @param deviceGbps         n / median device time, or NaN
 * @param wallGbps           n / median wall time
 * @param ratioToReadCeiling (device GB/s, else wall GB/s) / (read ceiling device GB/s, else its wall GB/s)
 * @param note               what else a reader must know about the row (capped inputs, unvalidated counts, ...)
 */
public record ResultRow(String device, String driver, String jdk, String aparapi, String host, String date,
                        String suite, boolean quick, String algorithm, String mode, String text, long n, int m,
                        int sigma, long matches, int reps, double deviceMedianMs, double deviceMinMs,
                        double deviceMaxMs, double wallMedianMs, double wallMinMs, double wallMaxMs, double deviceGbps,
                        double wallGbps, double ratioToReadCeiling, String note) {

    /** The rate this row is ranked and plotted by: device GB/s when known, else wall GB/s. */
    public double bestGbps() {
        return Double.isNaN(deviceGbps) ? wallGbps : deviceGbps;
    }

    /** Whether device times were recorded. */
    public boolean hasDeviceTime() {
        return !Double.isNaN(deviceMedianMs);
    }
}
