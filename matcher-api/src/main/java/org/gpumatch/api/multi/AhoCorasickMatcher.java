package org.gpumatch.api.multi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gpumatch.api.Text;

/**
 * {@code multi-cpu}: this project's {@link AhoCorasick} automaton on all cores. The text is split into one part per
 * thread (at least {@link #MIN_PART_BYTES} each); a part owns the occurrences that start in it and reads
 * {@code longest - 1} bytes past its end, so occurrences across part boundaries are found exactly once.
 *
 * <p>Cost: the automaton is built once per {@link PatternSet} object (O(total pattern bytes)); a query reads every
 * text byte once plus {@code (parts - 1)(longest - 1)} bytes, with amortised O(1) work per byte and per occurrence.
 * Memory: the automaton (about 40 bytes per pattern byte), 8 bytes per pattern per thread for {@code count}, 8 bytes
 * per occurrence (twice, while sorting) for {@code find}.
 *
 * <p>Thread-safe for queries with the same pattern set; close it to stop its threads.
 */
public final class AhoCorasickMatcher implements MultiPatternMatcher {
    /** The smallest text part worth a thread of its own. */
    public static final int MIN_PART_BYTES = 1 << 20;

    private final int threads;
    private final int minPart;
    private final ExecutorService pool;
    private PatternSet built;
    private AhoCorasick automaton;
    private String explain = MultiPatternAlgorithm.MULTI_CPU.cliName();

    /** A matcher on all available processors. */
    public AhoCorasickMatcher() {
        this(Runtime.getRuntime().availableProcessors(), MIN_PART_BYTES);
    }

    /** A matcher on {@code threads} threads with parts of at least {@code minPart} bytes (tests use tiny parts). */
    public AhoCorasickMatcher(int threads, int minPart) {
        if (threads < 1 || minPart < 1) {
            throw new IllegalArgumentException("threads and minPart must be positive: " + threads + ", " + minPart);
        }
        this.threads = threads;
        this.minPart = minPart;
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "gpumatch-aho-corasick");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public String name() {
        return MultiPatternAlgorithm.MULTI_CPU.cliName();
    }

    @Override
    public String explain() {
        return explain;
    }

    private synchronized AhoCorasick automaton(PatternSet patterns) {
        if (built != patterns) {
            automaton = new AhoCorasick(patterns);
            built = patterns;
        }
        return automaton;
    }

    @Override
    public long[] count(Text text, PatternSet patterns) {
        long[] total = new long[patterns.size()];
        for (Object part : run(text, patterns, false)) {
            long[] c = (long[]) part;
            for (int i = 0; i < total.length; i++) {
                total[i] += c[i];
            }
        }
        return total;
    }

    @Override
    public MultiMatches find(Text text, PatternSet patterns) {
        List<Object> parts = run(text, patterns, true);
        int size = 0;
        for (Object p : parts) {
            size += ((MultiMatches) p).size();
        }
        int[] offsets = new int[size];
        int[] indices = new int[size];
        int at = 0;
        for (Object p : parts) { // parts own ascending, disjoint ranges of starts
            MultiMatches m = (MultiMatches) p;
            for (int i = 0; i < m.size(); i++, at++) {
                offsets[at] = m.offset(i);
                indices[at] = m.index(i);
            }
        }
        return new MultiMatches(offsets, indices);
    }

    /** One result per part, in text order: {@code long[]} counts, or the part's sorted {@link MultiMatches}. */
    private List<Object> run(Text text, PatternSet patterns, boolean find) {
        AhoCorasick ac = automaton(patterns);
        byte[] t = text.bytes();
        int n = t.length;
        int parts = (int) Math.max(1, Math.min(threads, n / (long) minPart));
        String automaton = ac.dfaClasses() > 0 ? "a DFA of " + ac.dfaClasses() + " byte classes"
                : "failure links, too large for a DFA";
        explain = "multi-cpu: Aho-Corasick (" + ac.nodes() + " trie nodes, " + automaton + ") on " + parts + " of "
                + threads + " threads, " + patterns;
        List<Future<Object>> futures = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            int from = (int) ((long) n * p / parts);
            int to = (int) ((long) n * (p + 1) / parts);
            int end = (int) Math.min(n, (long) to + patterns.longest() - 1);
            futures.add(pool.submit(() -> find ? findPart(ac, t, from, to, end) : countPart(ac, t, from, to, end,
                    patterns.size())));
        }
        List<Object> results = new ArrayList<>();
        try {
            for (Future<Object> f : futures) {
                results.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("multi-cpu interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("multi-cpu failed: " + e.getCause(), e.getCause());
        }
        return results;
    }

    private static Object countPart(AhoCorasick ac, byte[] t, int from, int to, int end, int k) {
        long[] counts = new long[k];
        ac.scan(t, from, to, end, (start, index) -> counts[index]++);
        return counts;
    }

    private static Object findPart(AhoCorasick ac, byte[] t, int from, int to, int end) {
        int[][] buf = {new int[64], new int[64]};
        int[] size = {0};
        ac.scan(t, from, to, end, (start, index) -> {
            if (size[0] == buf[0].length) {
                buf[0] = Arrays.copyOf(buf[0], 2 * size[0]);
                buf[1] = Arrays.copyOf(buf[1], 2 * size[0]);
            }
            buf[0][size[0]] = start;
            buf[1][size[0]] = index;
            size[0]++;
        });
        return MultiMatches.sorted(buf[0], buf[1], size[0]);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
