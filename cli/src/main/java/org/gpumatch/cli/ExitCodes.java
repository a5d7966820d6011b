package org.gpumatch.cli;

/** The exit codes of every gpumatch command (docs/architecture.md, "CLI contract"). */
final class ExitCodes {
    /** Success, also when nothing matched. */
    static final int OK = 0;
    /** A check that failed: {@code sa check} found a wrong suffix array, {@code demo} found algorithms disagreeing. */
    static final int CHECK_FAILED = 1;
    /** A usage or input error, reported as one line on stderr starting with {@code gpumatch: }. */
    static final int USAGE = 2;

    private ExitCodes() {
    }
}
