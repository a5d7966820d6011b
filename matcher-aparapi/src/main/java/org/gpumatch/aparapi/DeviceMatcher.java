package org.gpumatch.aparapi;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Text;

/**
 * A matcher whose kernels run on a {@link ComputeDevice} and that keeps its text resident there between queries.
 * Callers that time or explain runs (the CLI's {@code --explain}, the bench) use this instead of concrete classes.
 */
public interface DeviceMatcher extends Matcher {
    /** The device the kernels run on. */
    ComputeDevice device();

    /** Uploads {@code text} (lazily: with the next launch) unless it is already the resident text. */
    void makeResident(Text text);

    /** Timing of the last query's launches (device times need {@code -Dcom.aparapi.enableProfiling=true}). */
    LaunchTiming lastTiming();
}
