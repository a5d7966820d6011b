package org.gpumatch.api.multi;

import java.util.Arrays;

/**
 * An Aho-Corasick automaton over bytes for a {@link PatternSet}, immutable once built and safe to share between
 * threads. Trie edges live in one open-addressing table keyed by {@code (node << 8) | byte} (the root's 256 edges in a
 * dense array), failure links and dictionary-suffix links make reporting cost O(1) per occurrence.
 *
 * <p>When {@code nodes * classes} is at most {@link #maxDfaEntries} (classes: the distinct bytes of the patterns
 * plus one for all others; DNA 5, English text about 50), the failure links are also resolved into a dense DFA: one
 * {@code int} per (node, class), holding the next node's row offset, negated (bitwise not) when that node reports
 * an occurrence. The scan is then two dependent loads per byte (class, transition) and a sign test, with no failure
 * loop and no hash probe; the dictionary links are followed only at nodes that report.
 *
 * <p>Build: O(total pattern bytes) expected time, plus O(nodes * classes) for the DFA. Memory: about 40 bytes per
 * trie node (at most total pattern bytes + 1 nodes) plus 4 bytes per pattern, plus 4 bytes per (node, class) for
 * the DFA (at most 1 GiB and an eighth of the heap). Search ({@link #scan}): with the DFA, two table reads per byte; without it one edge
 * look-up per byte plus one per failure link taken (amortised O(1) per byte); plus O(1) per occurrence reported.
 */
public final class AhoCorasick {
    /** Receives an occurrence: start offset in the text and pattern index. */
    interface Sink {
        void accept(int start, int index);
    }

    /** The largest DFA whatever the heap, in (node, class) entries (1 GiB). */
    public static final long MAX_DFA_ENTRIES = 1L << 28;

    /**
     * The largest DFA built by default, in (node, class) entries: {@link #MAX_DFA_ENTRIES} or an eighth of the
     * maximum heap, whichever is smaller (100,000 English-like patterns of 4..64 bytes take about 2.7 million nodes
     * of 50 classes, 550 MB); larger automata scan through the failure links.
     */
    static long maxDfaEntries() {
        return Math.min(MAX_DFA_ENTRIES, Runtime.getRuntime().maxMemory() / 8 / Integer.BYTES);
    }

    private final int[] rootNext = new int[256];
    private long[] edgeKeys;
    private int[] edgeChild;
    private int edgeMask;
    private int nodes = 1;
    private int[] fail;
    private int[] dictLink;
    /** First pattern ending at a node, or -1; further ones through {@link #nextSamePattern}. */
    private int[] firstPattern;
    private final int[] nextSamePattern;
    private final int[] lengths;
    /** Byte to class (0: a byte in no pattern); null without a DFA. */
    private int[] classOf;
    private int classes;
    /** Row offset {@code node * classes} of the next node per (node, class), bitwise not when it reports. */
    private int[] dfa;

    AhoCorasick(PatternSet patterns) {
        this(patterns, maxDfaEntries());
    }

    /** An automaton whose DFA is built only when {@code nodes * classes <= maxDfaEntries} (tests force both). */
    AhoCorasick(PatternSet patterns, long maxDfaEntries) {
        long total = patterns.totalBytes();
        if (total > (1 << 28)) {
            throw new IllegalArgumentException("the CPU Aho-Corasick takes at most 2^28 pattern bytes in all: "
                    + total);
        }
        int capacity = (int) total + 1;
        int slots = Integer.highestOneBit(Math.max(2, 2 * capacity - 1)) << 1;
        edgeKeys = new long[slots];
        Arrays.fill(edgeKeys, -1);
        edgeChild = new int[slots];
        edgeMask = slots - 1;
        Arrays.fill(rootNext, -1);
        int[] parent = new int[capacity];
        byte[] label = new byte[capacity];
        firstPattern = new int[capacity];
        Arrays.fill(firstPattern, -1);
        int k = patterns.size();
        nextSamePattern = new int[k];
        lengths = new int[k];
        for (int i = k - 1; i >= 0; i--) { // backwards, so each node lists its patterns by ascending index
            byte[] p = patterns.bytes(i);
            lengths[i] = p.length;
            int node = 0;
            for (byte b : p) {
                int next = child(node, b);
                if (next < 0) {
                    next = nodes++;
                    parent[next] = node;
                    label[next] = b;
                    addChild(node, b, next);
                }
                node = next;
            }
            nextSamePattern[i] = firstPattern[node];
            firstPattern[node] = i;
        }
        buildDfa(patterns, maxDfaEntries, linkFailures(parent, label));
    }


    /**
     * Breadth-first: nodes were numbered in creation order, so parents come first only by depth; sort by depth.
     * Returns the nodes in that order.
     */
    private int[] linkFailures(int[] parent, byte[] label) {
        fail = new int[nodes];
        dictLink = new int[nodes];
        int[] depth = new int[nodes];
        for (int v = 1; v < nodes; v++) {
            depth[v] = depth[parent[v]] + 1; // parent[v] < v: created before its child
        }
        int[] order = byDepth(depth);
        for (int v : order) {
            if (v == 0) {
                continue;
            }
            int u = parent[v];
            byte b = label[v];
            int f = 0;
            if (u != 0) {
                f = fail[u];
                while (f != 0 && child(f, b) < 0) {
                    f = fail[f];
                }
                int c = child(f, b);
                f = c >= 0 ? c : 0;
            }
            fail[v] = f;
            dictLink[v] = firstPattern[f] >= 0 ? f : dictLink[f];
        }
        return order;
    }

    /** Resolves the failure links into {@link #dfa} when it has at most {@code maxEntries} entries. */
    private void buildDfa(PatternSet patterns, long maxEntries, int[] order) {
        int[] cls = new int[256];
        int[] byteOfClass = new int[257];
        int c = 1;
        for (int i = 0; i < patterns.size(); i++) {
            for (byte b : patterns.bytes(i)) {
                if (cls[b & 0xFF] == 0) {
                    byteOfClass[c] = b & 0xFF;
                    cls[b & 0xFF] = c++;
                }
            }
        }
        if ((long) nodes * c > maxEntries) {
            return;
        }
        int[] table = new int[nodes * c];
        for (int v : order) {
            for (int j = 1; j < c; j++) {
                int next = child(v, (byte) byteOfClass[j]);
                int row;
                if (next >= 0) {
                    row = next * c;
                    if (reports(next)) {
                        row = ~row;
                    }
                } else {
                    row = v == 0 ? 0 : table[fail[v] * c + j];
                }
                table[v * c + j] = row;
            }
        }
        classOf = cls;
        classes = c;
        dfa = table;
    }

    private boolean reports(int node) {
        return firstPattern[node] >= 0 || dictLink[node] != 0;
    }

    private static int[] byDepth(int[] depth) {
        int max = 0;
        for (int d : depth) {
            max = Math.max(max, d);
        }
        int[] start = new int[max + 2];
        for (int d : depth) {
            start[d + 1]++;
        }
        for (int d = 0; d <= max; d++) {
            start[d + 1] += start[d];
        }
        int[] order = new int[depth.length];
        for (int v = 0; v < depth.length; v++) {
            order[start[depth[v]]++] = v;
        }
        return order;
    }

    private int child(int node, byte b) {
        if (node == 0) {
            return rootNext[b & 0xFF];
        }
        long key = ((long) node << 8) | (b & 0xFF);
        int slot = (int) (mix(key) & edgeMask);
        while (edgeKeys[slot] != -1) {
            if (edgeKeys[slot] == key) {
                return edgeChild[slot];
            }
            slot = (slot + 1) & edgeMask;
        }
        return -1;
    }

    private void addChild(int node, byte b, int next) {
        if (node == 0) {
            rootNext[b & 0xFF] = next;
            return;
        }
        long key = ((long) node << 8) | (b & 0xFF);
        int slot = (int) (mix(key) & edgeMask);
        while (edgeKeys[slot] != -1) {
            slot = (slot + 1) & edgeMask;
        }
        edgeKeys[slot] = key;
        edgeChild[slot] = next;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }

    /** Byte classes of the DFA (the patterns' distinct bytes plus one), or 0 when the scan has no DFA. */
    int dfaClasses() {
        return dfa == null ? 0 : classes;
    }

    /** Trie nodes, root included. */
    int nodes() {
        return nodes;
    }

    /**
     * Reports every occurrence that starts in {@code [from, to)} and ends by {@code end} (reads
     * {@code text[from .. end)}), in order of end offset, then pattern index. Callers that need start order sort.
     */
    void scan(byte[] text, int from, int to, int end, Sink sink) {
        if (dfa != null) {
            scanDense(text, from, to, end, sink);
            return;
        }
        int s = 0;
        for (int i = from; i < end; i++) {
            byte b = text[i];
            int next = child(s, b);
            while (next < 0 && s != 0) {
                s = fail[s];
                next = child(s, b);
            }
            s = next < 0 ? 0 : next;
            report(s, i, to, sink);
        }
    }

    /** {@link #scan} on the DFA: two reads per byte, the reports only at nodes that have some. */
    private void scanDense(byte[] text, int from, int to, int end, Sink sink) {
        int[] cls = classOf;
        int[] delta = dfa;
        int c = classes;
        int row = 0;
        for (int i = from; i < end; i++) {
            int e = delta[row + cls[text[i] & 0xFF]];
            if (e < 0) {
                row = ~e;
                report(row / c, i, to, sink);
            } else {
                row = e;
            }
        }
    }

    /** Reports the patterns ending at node s at text offset i that start before {@code to}. */
    private void report(int s, int i, int to, Sink sink) {
        for (int o = firstPattern[s] >= 0 ? s : dictLink[s]; o != 0; o = dictLink[o]) {
            for (int p = firstPattern[o]; p >= 0; p = nextSamePattern[p]) {
                int start = i - lengths[p] + 1;
                if (start < to) {
                    sink.accept(start, p);
                }
            }
        }
    }
}
