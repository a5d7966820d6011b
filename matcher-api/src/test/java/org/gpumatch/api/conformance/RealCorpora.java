package org.gpumatch.api.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.gpumatch.api.Alphabet;

/**
 * Real texts for tests: small samples (200-250 KB) of the bench's three real corpora, shipped as resources of this
 * test-jar ({@code org/gpumatch/api/conformance/corpora/}; sources, licenses and checksums in the README there, and
 * {@code scripts/fetch-corpora.sh} rebuilds them): the E. coli 536 genome ({@code dna}, sigma 2), UniProtKB protein
 * sequences ({@code protein}, sigma 5) and the King James Bible ({@code english}, sigma 7), the kinds of text of the
 * SPAA 2016 paper's Tables 5-7.
 *
 * <p>Each call to {@link #load} reads the resource again (a fresh array the caller may keep); memory: the sample's
 * bytes. A resource named {@code NAME.txt.gz} is read through gzip when there is no {@code NAME.txt}.
 */
public final class RealCorpora {
    /** The names of the shipped samples, in the paper's table order (Table 5 English, 6 DNA, 7 protein). */
    public static final List<String> NAMES = List.of("english", "dna", "protein");

    private static final String FOLDER = "corpora/";

    private RealCorpora() {
    }

    /**
     * One real text.
     *
     * @param name        {@code dna}, {@code protein} or {@code english}
     * @param description what it is, for test names and messages
     * @param bytes       the text (not copied)
     */
    public record Corpus(String name, String description, byte[] bytes) {
        /** The distinct byte values of the text. */
        public Alphabet alphabet() {
            return Alphabet.of(bytes);
        }

        /** Alphabet bits: ceil(log2(distinct byte values)), at least 1 (dna 2, protein 5, english 7). */
        public int sigma() {
            return alphabet().sigma();
        }

        /** The length n. */
        public int n() {
            return bytes.length;
        }

        @Override
        public String toString() {
            return name + " (" + description + ", n=" + bytes.length + ")";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Corpus c && c.name.equals(name) && Arrays.equals(c.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + Arrays.hashCode(bytes);
        }
    }

    /** All shipped samples, in {@link #NAMES} order. */
    public static List<Corpus> all() {
        List<Corpus> out = new ArrayList<>();
        for (String name : NAMES) {
            out.add(load(name));
        }
        return List.copyOf(out);
    }

    /**
     * The sample {@code name}.
     *
     * @throws IllegalArgumentException when there is no such sample
     * @throws UncheckedIOException     when the resource cannot be read
     */
    public static Corpus load(String name) {
        String description = switch (name) {
            case "dna" -> "E. coli 536 genome, NC_008253.1";
            case "protein" -> "UniProtKB protein sequences";
            case "english" -> "King James Bible";
            default -> throw new IllegalArgumentException("no real corpus \"" + name + "\"; there are " + NAMES);
        };
        return new Corpus(name, description, read(name));
    }

    private static byte[] read(String name) {
        try (InputStream plain = RealCorpora.class.getResourceAsStream(FOLDER + name + ".txt")) {
            if (plain != null) {
                return plain.readAllBytes();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the real corpus " + name, e);
        }
        try (InputStream gz = RealCorpora.class.getResourceAsStream(FOLDER + name + ".txt.gz")) {
            if (gz == null) {
                throw new UncheckedIOException(new IOException("resource " + FOLDER + name + ".txt is missing from "
                        + "the matcher-api test-jar"));
            }
            try (InputStream in = new GZIPInputStream(gz)) {
                return in.readAllBytes();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the real corpus " + name, e);
        }
    }

    /**
     * A pattern of length {@code m} that occurs in {@code text}: the m bytes at a random offset.
     *
     * @throws IllegalArgumentException when m is not in 1..text.length
     */
    public static byte[] present(byte[] text, int m, Random rnd) {
        if (m < 1 || m > text.length) {
            throw new IllegalArgumentException("m must be in 1.." + text.length + ": " + m);
        }
        int at = rnd.nextInt(text.length - m + 1);
        return Arrays.copyOfRange(text, at, at + m);
    }

    /**
     * {@code pattern} with one byte replaced by another symbol of {@code text}'s alphabet (the last byte when
     * {@code position} is negative): a near miss that usually occurs far less often, or not at all. A text of one
     * symbol gets a byte outside its alphabet.
     */
    public static byte[] mutated(byte[] pattern, Alphabet alphabet, int position, Random rnd) {
        byte[] p = pattern.clone();
        int i = position < 0 ? p.length - 1 : Math.min(position, p.length - 1);
        List<Integer> others = new ArrayList<>();
        for (int v = 0; v < 256; v++) {
            if (alphabet.contains(v) && (byte) v != p[i]) {
                others.add(v);
            }
        }
        p[i] = others.isEmpty() ? (byte) (p[i] + 1) : (byte) (int) others.get(rnd.nextInt(others.size()));
        return p;
    }
}
