package org.gpumatch.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * ASCII case folding for {@code -i}: A-Z become a-z, every other byte (UTF-8 included) stays. A pattern occurs in a
 * text ignoring ASCII case exactly where the folded pattern occurs in the folded text, so any exact matcher (on the
 * device too) answers a case-insensitive search on folded bytes. Cost: one table look-up per byte, in place.
 */
final class AsciiFold {
    private AsciiFold() {
    }

    /** Folds {@code b[from, to)} in place. */
    static void fold(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c >= 'A' && c <= 'Z') {
                b[i] = (byte) (c + ('a' - 'A'));
            }
        }
    }

    /** A folded copy. */
    static byte[] folded(byte[] b) {
        byte[] c = b.clone();
        fold(c, 0, c.length);
        return c;
    }

    /** Upper-cases ASCII letters (FASTA sequences are read in upper case), in a copy. */
    static byte[] upper(byte[] b) {
        byte[] c = b.clone();
        for (int i = 0; i < c.length; i++) {
            if (c[i] >= 'a' && c[i] <= 'z') {
                c[i] = (byte) (c[i] - ('a' - 'A'));
            }
        }
        return c;
    }

    /** {@code in} folded as it is read. */
    static InputStream folding(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int c = super.read();
                return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    fold(b, off, off + n);
                }
                return n;
            }
        };
    }
}
