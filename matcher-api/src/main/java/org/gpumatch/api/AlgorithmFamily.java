package org.gpumatch.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The registry of one family's algorithms, the one way every family names them (exact matching in {@link Algorithm},
 * multi-pattern, k-mismatch, suffix-array builders): the names {@code -a} takes, in the order help and error messages
 * list them, each name meaning one algorithm. {@value #AUTO} is no algorithm: it asks the family's planner to choose,
 * in every family; the planner's choice and its estimates are named with the same words ({@code --explain}).
 *
 * <p>Names are looked up ignoring case (ASCII, whatever the default locale) and surrounding blanks. Cost: a scan of
 * the family's few algorithms per lookup.
 *
 * @param <A> the family's algorithm type
 */
public final class AlgorithmFamily<A extends NamedAlgorithm> {
    /** The word for "let the planner choose", in every family. */
    public static final String AUTO = "auto";

    private final String title;
    private final String usage;
    private final List<A> algorithms;

    private AlgorithmFamily(String title, String usage, List<A> algorithms) {
        this.title = Objects.requireNonNull(title, "title");
        this.usage = Objects.requireNonNull(usage, "usage");
        this.algorithms = List.copyOf(algorithms);
        List<String> seen = new ArrayList<>();
        for (A a : this.algorithms) {
            String name = a.cliName();
            if (!name.matches("[a-z0-9]+(-[a-z0-9]+)*") || name.equals(AUTO) || seen.contains(name)) {
                throw new IllegalArgumentException("not a distinct lowercase algorithm name in " + title + ": " + name);
            }
            seen.add(name);
        }
    }

    /**
     * The family of {@code members}, leaving out a member named {@value #AUTO} (an enumeration may carry it for its
     * callers; the registry treats it as the planner's word).
     *
     * @param title what the family answers, as a phrase: {@code exact-matching}, {@code k-mismatch}
     * @param usage where its names are given: {@code count and find -a}, {@code gpumatch kmismatch -a}
     */
    @SafeVarargs
    public static <A extends NamedAlgorithm> AlgorithmFamily<A> of(String title, String usage, A... members) {
        List<A> named = new ArrayList<>();
        for (A a : members) {
            if (!a.cliName().equals(AUTO)) {
                named.add(a);
            }
        }
        return new AlgorithmFamily<>(title, usage, named);
    }

    /** What the family answers: {@code exact-matching}, {@code multi-pattern}, {@code k-mismatch}, ... */
    public String title() {
        return title;
    }

    /** Where its names are given, e.g. {@code gpumatch kmismatch -a}. */
    public String usage() {
        return usage;
    }

    /** The algorithms, in the order they are listed ({@value #AUTO} not among them). */
    public List<A> algorithms() {
        return algorithms;
    }

    /** Every name {@code -a} takes in this family: {@value #AUTO} first, then the algorithms'. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        names.add(AUTO);
        algorithms.forEach(a -> names.add(a.cliName()));
        return names;
    }

    /** {@link #names()} comma separated, for help and error messages. */
    public String namesText() {
        return String.join(", ", names());
    }

    /** Whether {@code name} is {@value #AUTO}. */
    public static boolean isAuto(String name) {
        return name != null && normalize(name).equals(AUTO);
    }

    /** Whether {@code name} is {@value #AUTO} or one of this family's algorithms. */
    public boolean takes(String name) {
        return isAuto(name) || lookup(name).isPresent();
    }

    /** The algorithm named {@code name}; empty for {@value #AUTO}, an unknown name or null. */
    public Optional<A> lookup(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String wanted = normalize(name);
        return algorithms.stream().filter(a -> a.cliName().equals(wanted)).findFirst();
    }

    /**
     * The algorithm {@code name} forces, or empty for {@value #AUTO}.
     *
     * @throws IllegalArgumentException for any other name: {@code unknown TITLE algorithm "NAME"; USAGE takes: NAMES}
     */
    public Optional<A> parse(String name) {
        if (isAuto(name)) {
            return Optional.empty();
        }
        Optional<A> a = lookup(name);
        if (a.isEmpty()) {
            throw new IllegalArgumentException(unknown(name));
        }
        return a;
    }

    /** The one-line error for a name this family does not take. */
    public String unknown(String name) {
        return "unknown " + title + " algorithm \"" + (name == null ? "" : name.strip()) + "\"; " + usage + " takes: "
                + namesText();
    }

    private static String normalize(String name) {
        return name.strip().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return title + " (" + usage + "): " + namesText();
    }
}
