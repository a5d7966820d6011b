package org.gpumatch.bench;

import java.io.IOException;

/**
 * One {@code gpumatch bench <suite>}: measures, validates every measured answer, prints its tables and records its
 * results. Each family issue adds its suite to {@link Suites}.
 */
public interface Suite {
    /** The command line name, e.g. {@code exact}. */
    String name();

    /**
     * Runs the suite.
     *
     * @throws ValidationException when a measured run answers wrongly (the run aborts)
     * @throws UsageException      for bad options or inputs
     * @throws IOException         when results cannot be written
     */
    void run(BenchContext context) throws IOException;
}
