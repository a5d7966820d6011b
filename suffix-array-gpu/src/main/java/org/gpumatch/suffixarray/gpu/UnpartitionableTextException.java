package org.gpumatch.suffixarray.gpu;

/**
 * A text the GPU builder refuses before allocating anything on the device, because more of its suffixes share their
 * first two bytes than one partition of a partitioned build holds (for example one repeated byte over 512 MiB). The
 * CPU builders take such texts; {@link SuffixArrayBuilders.Choice#build} falls back to them under {@code auto}.
 */
public final class UnpartitionableTextException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message the one-line reason, naming the two bytes and the count */
    public UnpartitionableTextException(String message) {
        super(message);
    }
}
