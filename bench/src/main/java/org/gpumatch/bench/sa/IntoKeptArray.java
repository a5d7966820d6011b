package org.gpumatch.bench.sa;

import org.gpumatch.suffixarray.SuffixArrayBuilder;

/**
 * A builder measured the way libdivsufsort's and libsais's callers use them: every build writes into one result array
 * the caller keeps ({@link SuffixArrayBuilder#build(byte[], int[], Progress)}), allocated at the first build of a
 * length and reused while the length stays, instead of a new {@code int[n]} per build. Holds that array (4 bytes per
 * character of the last text); the wrapped builder stays the caller's to close.
 */
final class IntoKeptArray implements SuffixArrayBuilder {
    private final SuffixArrayBuilder builder;
    private int[] kept = new int[0];

    /** @param builder the builder that writes into the kept array */
    IntoKeptArray(SuffixArrayBuilder builder) {
        this.builder = builder;
    }

    /** The wrapped builder. */
    SuffixArrayBuilder builder() {
        return builder;
    }

    @Override
    public String name() {
        return builder.name() + "-into";
    }

    /** @return the kept array (the same array until a text of another length comes) */
    @Override
    public int[] build(byte[] text, Progress progress) {
        if (kept.length != text.length) {
            kept = new int[text.length];
        }
        return builder.build(text, kept, progress);
    }
}
