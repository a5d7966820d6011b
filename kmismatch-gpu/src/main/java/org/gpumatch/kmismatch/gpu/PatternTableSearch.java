package org.gpumatch.kmismatch.gpu;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.gpu.devices.DeviceSet;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.Iupac;
import org.gpumatch.kmismatch.IupacKMismatchMatcher;
import org.gpumatch.kmismatch.MultiPatternKMismatch;
import org.gpumatch.kmismatch.offtarget.OffTargetHit;
import org.gpumatch.kmismatch.offtarget.gpu.OffTargetSearch;
import org.gpumatch.kmismatch.offtarget.OffTargetSpec;
import org.gpumatch.sequence.PackedGenome;

/**
 * Many patterns of one length, optionally both strands, searched with at most k mismatches in texts handed over one
 * at a time (the chunks or record batches of a file): {@code gpumatch kmismatch --patterns-file}'s search. Hits are
 * {@link MultiPatternKMismatch.Hit}s ordered by offset, pattern index, strand ({@code +} first), with the exact
 * mismatches of kmismatch's semantics: bytes compared as they are, or with {@code iupac} the pattern's IUPAC codes
 * against the text's bases ({@link IupacKMismatchMatcher}: a text symbol other than A/C/G/T/U mismatches every code, N
 * included).
 *
 * <p>Two paths:
 * <ul>
 *   <li>{@link #onePass}: one pass over the text for all patterns and both strands, through the off-target search
 *       ({@link OffTargetSearch}: a pattern of m N codes, so every position of a query counts; the patterns are the
 *       queries): its kernel on an OpenCL device, its packed-word Java search on the CPU. The off-target rules count
 *       no mismatch where a query holds N, and read a lowercase text base as its base; kmismatch counts a text symbol
 *       other than A/C/G/T/U (upper or lower case, under {@code iupac}) or any byte that differs (bytes) as a
 *       mismatch. The off-target count is therefore never above kmismatch's, so its hits are a superset: each is
 *       recounted exactly over the text's bytes (m lookups) and kept when the exact count is at most k. Taken when
 *       {@link #onePassObstacle} finds none: m up to {@link OffTargetSpec#MAX_LENGTH}, and in byte mode patterns of
 *       A/C/G/T only (another byte would become a wildcard N, and the candidates could be most of the text).
 *   <li>{@link #perPattern}: one call of a single-pattern matcher per pattern and strand ({@link MultiPatternKMismatch});
 *       for longer patterns, non-DNA bytes, or a kernel the user forced.
 * </ul>
 *
 * <p>Cost (one pass): a copy of the text with every byte other than a base made N, packing it (2 bits plus an exception bit per base), the off-target search (2 strands x
 * patterns comparisons per position, on the device or all cores; one strand when one is asked: the search's one-strand
 * mode), m lookups per candidate hit. Memory: the
 * packed text, 3/8 byte per base, plus 24 bytes per hit of one text.
 */
public final class PatternTableSearch implements AutoCloseable {
    private final List<byte[]> forward;
    private final List<byte[]> reverse;
    private final boolean bothStrands;
    private final boolean iupac;
    private final int k;
    private final OffTargetSearch onePass;
    private final KMismatchMatcher matcher;
    private final MultiPatternKMismatch loop;
    private long deviceNanos;

    private PatternTableSearch(List<byte[]> patterns, boolean bothStrands, boolean iupac, int k, OffTargetSearch onePass,
            KMismatchMatcher matcher) {
        check(patterns, k);
        this.forward = List.copyOf(patterns);
        List<byte[]> rev = new ArrayList<>();
        for (byte[] p : patterns) {
            rev.add(Iupac.reverseComplement(p));
        }
        this.reverse = rev;
        this.bothStrands = bothStrands;
        this.iupac = iupac;
        this.k = k;
        this.onePass = onePass;
        this.matcher = matcher;
        List<Pattern> list = new ArrayList<>();
        for (byte[] p : patterns) {
            list.add(Pattern.of(p));
        }
        this.loop = matcher == null ? null : new MultiPatternKMismatch(list, bothStrands);
    }

    private static void check(List<byte[]> patterns, int k) {
        if (k < 0) {
            throw new IllegalArgumentException("the number of mismatches k must be >= 0, got " + k);
        }
        if (patterns.isEmpty() || patterns.size() > MultiPatternKMismatch.MAX_PATTERNS) {
            throw new IllegalArgumentException("need 1 to " + MultiPatternKMismatch.MAX_PATTERNS + " patterns, got "
                    + patterns.size());
        }
        for (int i = 0; i < patterns.size(); i++) {
            if (patterns.get(i).length != patterns.get(0).length) {
                throw new IllegalArgumentException("all patterns must have one length: pattern " + i + " has "
                        + patterns.get(i).length + " symbols, pattern 0 has " + patterns.get(0).length);
            }
        }
    }

    /**
     * Why {@code patterns} cannot take the one-pass search, or null when they can: longer than
     * {@link OffTargetSpec#MAX_LENGTH}, an empty list, or (without {@code iupac}) a byte other than A, C, G, T. With
     * {@code iupac} every byte must be an IUPAC code ({@link Iupac#firstInvalid}; callers reject others first).
     */
    public static String onePassObstacle(List<byte[]> patterns, boolean iupac) {
        if (patterns.isEmpty()) {
            return "no patterns";
        }
        int m = patterns.get(0).length;
        if (m > OffTargetSpec.MAX_LENGTH) {
            return "patterns of " + m + " symbols (the one-pass search takes up to " + OffTargetSpec.MAX_LENGTH + ")";
        }
        for (int i = 0; i < patterns.size(); i++) {
            byte[] p = patterns.get(i);
            int bad = iupac ? Iupac.firstInvalid(p) : firstNonAcgt(p);
            if (bad >= 0) {
                return "pattern " + i + " holds byte 0x" + String.format("%02x", p[bad] & 0xFF) + " at position "
                        + (bad + 1) + (iupac ? ", not an IUPAC code" : ", not A/C/G/T (bytes are compared exactly)");
            }
        }
        return null;
    }

    private static int firstNonAcgt(byte[] p) {
        for (int i = 0; i < p.length; i++) {
            byte b = p[i];
            if (b != 'A' && b != 'C' && b != 'G' && b != 'T') {
                return i;
            }
        }
        return -1;
    }

    /**
     * The one-pass search on {@code device} ({@link ComputeDevice#JAVA_THREADS}: all cores; an OpenCL device: the
     * off-target kernel, compiled here). {@link IllegalArgumentException} when {@link #onePassObstacle} names one.
     */
    public static PatternTableSearch onePass(List<byte[]> patterns, boolean bothStrands, boolean iupac, int k,
            ComputeDevice device) {
        return onePass(patterns, bothStrands, iupac, k, device, OffTargetSearch.DEFAULT_PART_SITES);
    }

    /** {@link #onePass(List, boolean, boolean, int, ComputeDevice)} with parts of at most {@code partSites} (tests). */
    static PatternTableSearch onePass(List<byte[]> patterns, boolean bothStrands, boolean iupac, int k,
            ComputeDevice device, int partSites) {
        return onePass(patterns, bothStrands, iupac, k, spec -> device.isOpenCL()
                ? OffTargetSearch.on(spec, device, partSites, BufferCreation.COPY)
                : OffTargetSearch.onCpu(spec, Runtime.getRuntime().availableProcessors(), partSites));
    }

    /**
     * The one-pass search split over a device set
     * ({@link OffTargetSearch#on(OffTargetSpec, DeviceSet, int, BufferCreation)}).
     */
    public static PatternTableSearch onePass(List<byte[]> patterns, boolean bothStrands, boolean iupac, int k,
            DeviceSet devices) {
        return onePass(patterns, bothStrands, iupac, k, spec -> OffTargetSearch.on(spec, devices,
                OffTargetSearch.DEFAULT_PART_SITES, BufferCreation.COPY));
    }

    private static PatternTableSearch onePass(List<byte[]> patterns, boolean bothStrands, boolean iupac, int k,
            java.util.function.Function<OffTargetSpec, OffTargetSearch> searchOf) {
        check(patterns, k);
        String obstacle = onePassObstacle(patterns, iupac);
        if (obstacle != null) {
            throw new IllegalArgumentException("no one-pass search: " + obstacle);
        }
        int m = patterns.get(0).length;
        List<String> queries = new ArrayList<>();
        for (byte[] p : patterns) {
            queries.add(new String(p, StandardCharsets.ISO_8859_1));
        }
        OffTargetSpec spec = new OffTargetSpec("N".repeat(m), queries,
                Collections.nCopies(patterns.size(), Math.min(k, m)), bothStrands);
        return new PatternTableSearch(patterns, bothStrands, iupac, k, searchOf.apply(spec), null);
    }

    /** The loop of single-pattern calls of {@code matcher} (closed with this search). */
    public static PatternTableSearch perPattern(List<byte[]> patterns, boolean bothStrands, boolean iupac, int k,
            KMismatchMatcher matcher) {
        return new PatternTableSearch(patterns, bothStrands, iupac, k, null, matcher);
    }

    /** Which path runs and where: for {@code --explain}. */
    public String describe() {
        return onePass != null ? "one pass for " + forward.size() + " patterns x " + (bothStrands ? 2 : 1)
                + " strands (off-target search, " + onePass.engine() + ")"
                : "one " + matcher.name() + " call per pattern and strand (" + forward.size() + " x "
                + (bothStrands ? 2 : 1) + ")";
    }

    /** Device time of the one-pass kernel so far (0 on the CPU or the per-pattern path). */
    public long deviceNanos() {
        return deviceNanos;
    }

    /** Every hit in {@code text}, offsets shifted by {@code start}, ordered as the class says. */
    public List<MultiPatternKMismatch.Hit> find(Text text, long start) {
        if (loop != null) {
            return loop.find(matcher, text, start, k);
        }
        byte[] t = text.bytes();
        int m = forward.get(0).length;
        List<MultiPatternKMismatch.Hit> hits = new ArrayList<>();
        if (t.length < m) {
            return hits;
        }
        PackedGenome genome = PackedGenome.of(List.of("text"), List.of(packable(t)));
        OffTargetSearch.Stats stats = onePass.run(genome, (OffTargetHit h) -> {
            byte[] p = (h.strand() == '+' ? forward : reverse).get(h.query());
            int d = mismatches(t, (int) h.position(), p);
            if (d <= k) {
                hits.add(new MultiPatternKMismatch.Hit(start + h.position(), h.query(), h.strand(), d));
            }
        });
        deviceNanos += stats.deviceNanos();
        return hits; // the off-target search hands hits over by position, query, strand: kmismatch's order
    }

    /**
     * The text as the packer may read it: A/C/G/T (any case) kept, U read as T under {@code iupac} (kmismatch's IUPAC
     * rule; the packer would make it an exception), every other byte N. The packer skips spaces and carriage returns
     * and stops at line breaks (it reads FASTA lines), so raw bytes must never reach it. Any byte that is not a base
     * mismatches every query code but N on both sides, and the recount settles N. O(n) time and memory.
     */
    private byte[] packable(byte[] t) {
        byte[] map = iupac ? IUPAC_TEXT : BYTE_TEXT;
        byte[] out = new byte[t.length];
        for (int i = 0; i < t.length; i++) {
            out[i] = map[t[i] & 0xFF];
        }
        return out;
    }

    private static final byte[] BYTE_TEXT = textMap(false);
    private static final byte[] IUPAC_TEXT = textMap(true);

    private static byte[] textMap(boolean iupac) {
        byte[] map = new byte[256];
        java.util.Arrays.fill(map, (byte) 'N');
        for (char c : "ACGT".toCharArray()) {
            map[c] = (byte) c;
            map[Character.toLowerCase(c)] = (byte) c;
        }
        if (iupac) {
            map['U'] = 'T';
            map['u'] = 'T';
        }
        return map;
    }

    /** kmismatch's exact count of {@code p} at {@code at} of {@code t}: IUPAC sets, or bytes. O(m). */
    private int mismatches(byte[] t, int at, byte[] p) {
        int d = 0;
        for (int i = 0; i < p.length; i++) {
            boolean match = iupac ? (Iupac.textBase(t[at + i]) & Iupac.baseSet(p[i])) != 0 : t[at + i] == p[i];
            if (!match) {
                d++;
            }
        }
        return d;
    }

    @Override
    public void close() {
        if (onePass != null) {
            onePass.close();
        }
        if (matcher != null) {
            matcher.close();
        }
    }
}
