/**
 * {@code bench e2e}: the {@code gpumatch count} command timed as a user runs it (a new process per query, median of
 * several runs after a warm-up, like hyperfine) next to {@code rg -F -c} (one process, and one per core over the
 * file's parts) and {@code grep -F -c}, on generated DNA and random-byte files.
 */
package org.gpumatch.bench.e2e;
