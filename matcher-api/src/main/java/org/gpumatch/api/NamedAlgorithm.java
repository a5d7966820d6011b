package org.gpumatch.api;

/**
 * An algorithm as a family registers it in its {@link AlgorithmFamily}: the one name that {@code -a}, {@code --explain}
 * and the bench's rows use for it, and one line saying what it is.
 */
public interface NamedAlgorithm {
    /** The lowercase name {@code -a} takes and {@code --explain} and the bench print, e.g. {@code drk-wom-64}. */
    String cliName();

    /** One line: what it is, where it runs, and where it is described. */
    String summary();
}
