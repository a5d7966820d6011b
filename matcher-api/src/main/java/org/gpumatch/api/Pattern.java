package org.gpumatch.api;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * A search pattern: a non-empty sequence of bytes, each of the 256 values a symbol of its own.
 *
 * <p>Immutable: the bytes are copied on construction. Memory: m bytes.
 */
public final class Pattern {
    private final byte[] bytes;

    private Pattern(byte[] bytes) {
        if (bytes.length == 0) {
            throw new IllegalArgumentException("the pattern is empty");
        }
        this.bytes = bytes;
    }

    /** A pattern of these bytes (copied). */
    public static Pattern of(byte[] bytes) {
        return new Pattern(bytes.clone());
    }

    /** A pattern of the UTF-8 bytes of {@code text}. */
    public static Pattern utf8(String text) {
        return new Pattern(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A pattern from hex digits, e.g. {@code "00ff7f"}; whitespace is ignored. */
    public static Pattern hex(String hexDigits) {
        String compact = hexDigits.replaceAll("\\s+", "");
        try {
            return new Pattern(HexFormat.of().parseHex(compact));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a hex byte string: \"" + hexDigits + "\" (" + e.getMessage() + ")");
        }
    }

    /** The length m. */
    public int length() {
        return bytes.length;
    }

    /** The byte at {@code i}, as stored (signed Java byte). */
    public byte byteAt(int i) {
        return bytes[i];
    }

    /** A copy of the bytes. */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pattern p && Arrays.equals(bytes, p.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "Pattern[m=" + bytes.length + ", hex=" + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 32))
                + (bytes.length > 32 ? "..." : "") + "]";
    }
}
