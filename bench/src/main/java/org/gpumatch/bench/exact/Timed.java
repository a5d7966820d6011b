package org.gpumatch.bench.exact;

import org.gpumatch.bench.Samples;

/**
 * The timings of one measured row.
 *
 * @param device device-time samples (ns), or null when unknown
 * @param wall   wall-time samples (ns)
 */
record Timed(Samples device, Samples wall) {
}
