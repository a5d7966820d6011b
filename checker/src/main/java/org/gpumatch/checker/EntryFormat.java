package org.gpumatch.checker;

import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * How a suffix array file stores its entries: little-endian, fixed width, no header.
 *
 * <ul>
 *   <li>{@link #INT32}: 4 bytes, signed (libdivsufsort, libsais); texts up to 2^31-1 bytes.</li>
 *   <li>{@link #INT64}: 8 bytes, signed (divsufsort64, libsais64).</li>
 *   <li>{@link #INT40}: 5 bytes, unsigned (pSAscan, eSAIS); texts up to 2^40-1 bytes at 5 bytes per entry.</li>
 * </ul>
 */
public enum EntryFormat {
    /** 4-byte signed little-endian entries. */
    INT32("int32", 4, Integer.MAX_VALUE),
    /** 8-byte signed little-endian entries. */
    INT64("int64", 8, Long.MAX_VALUE),
    /** 5-byte unsigned little-endian entries. */
    INT40("int40", 5, (1L << 40) - 1);

    private final String label;
    private final int width;
    private final long maxValue;

    EntryFormat(final String label, final int width, final long maxValue) {
        this.label = label;
        this.width = width;
        this.maxValue = maxValue;
    }

    /** @return the name used on the command line: {@code int32}, {@code int64} or {@code int40} */
    public String label() {
        return label;
    }

    /** @return bytes per entry */
    public int width() {
        return width;
    }

    /** @return the largest entry value this format can store; a text of n bytes needs n - 1 &lt;= maxValue */
    public long maxValue() {
        return maxValue;
    }

    /**
     * @param label {@code int32}, {@code int64} or {@code int40} (case-insensitive)
     * @return the format
     * @throws IllegalArgumentException for any other label
     */
    public static EntryFormat parse(final String label) {
        for (final EntryFormat f : values()) {
            if (f.label.equals(label.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown suffix array format '" + label + "' (expected int32, int64 or int40)");
    }

    /**
     * Reads one entry.
     *
     * @param buffer a buffer in little-endian order
     * @param offset byte offset of the entry
     * @return the entry: int32 sign-extended, int40 zero-extended
     */
    public long get(final ByteBuffer buffer, final int offset) {
        switch (this) {
            case INT32:
                return buffer.getInt(offset);
            case INT64:
                return buffer.getLong(offset);
            default:
                return getInt40(buffer, offset);
        }
    }

    /** Reads a 5-byte unsigned little-endian entry from a little-endian buffer. */
    static long getInt40(final ByteBuffer buffer, final int offset) {
        return (buffer.getInt(offset) & 0xFFFF_FFFFL) | ((long) (buffer.get(offset + 4) & 0xFF) << 32);
    }

    /**
     * Writes one entry at the buffer's position and advances it by {@link #width()}.
     *
     * @param buffer a buffer in little-endian order
     * @param value in {@code [0, maxValue()]} (INT32 and INT64 also take negative values)
     * @throws IllegalArgumentException if the format cannot store {@code value}
     */
    public void put(final ByteBuffer buffer, final long value) {
        switch (this) {
            case INT32:
                if (value != (int) value) {
                    throw new IllegalArgumentException(value + " does not fit in int32");
                }
                buffer.putInt((int) value);
                break;
            case INT64:
                buffer.putLong(value);
                break;
            default:
                if (value < 0 || value > maxValue) {
                    throw new IllegalArgumentException(value + " does not fit in int40");
                }
                buffer.putInt((int) value);
                buffer.put((byte) (value >>> 32));
                break;
        }
    }
}
