package org.gpumatch.api;

import java.util.Objects;

/**
 * A text to search: a byte array of at most 2^31-1 bytes, each of the 256 values a symbol of its own.
 *
 * <p>The array is <em>not</em> copied (texts are large): the caller must not modify it while a matcher uses it, and a
 * matcher that keeps the text resident on a device identifies it by this object. Memory: n bytes, shared with the caller.
 */
public final class Text {
    private final byte[] bytes;
    private volatile Alphabet alphabet;

    private Text(byte[] bytes) {
        this.bytes = Objects.requireNonNull(bytes, "bytes");
    }

    /** Wraps {@code bytes} without copying. */
    public static Text wrap(byte[] bytes) {
        return new Text(bytes);
    }

    /** The length n. */
    public int length() {
        return bytes.length;
    }

    /** The bytes, shared with the caller; never modify them. */
    public byte[] bytes() {
        return bytes;
    }

    /** The distinct symbols of the text, computed once (one pass over the text) and cached. */
    public Alphabet alphabet() {
        Alphabet a = alphabet;
        if (a == null) {
            a = Alphabet.of(bytes);
            alphabet = a;
        }
        return a;
    }

    @Override
    public String toString() {
        return "Text[n=" + bytes.length + "]";
    }
}
