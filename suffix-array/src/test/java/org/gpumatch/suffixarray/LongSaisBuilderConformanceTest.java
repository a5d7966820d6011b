package org.gpumatch.suffixarray;

import org.gpumatch.checker.ByteSequence;

/**
 * The suffix array kit on the long path, {@link LongSaisBuilder}, through an int view: pages of 64 entries (every
 * paged access crosses pages) and reduced strings on the long recursion down to 40 symbols, then the int SA-IS.
 */
class LongSaisBuilderConformanceTest extends SuffixArrayBuilderConformanceTest {
    private static final int PAGE_SHIFT = 6;
    private static final long INT_LIMIT = 40;

    @Override
    protected SuffixArrayBuilder createBuilder() {
        LongSaisBuilder paged = new LongSaisBuilder(PAGE_SHIFT, INT_LIMIT);
        return new SuffixArrayBuilder() {
            @Override
            public String name() {
                return paged.name() + "-as-int";
            }

            @Override
            public int[] build(byte[] text, Progress progress) {
                LongPages pages = paged.build(ByteSequence.of(text), progress);
                long[] sa = new long[text.length];
                pages.copyTo(0, sa, text.length);
                int[] out = new int[sa.length];
                for (int i = 0; i < sa.length; i++) {
                    out[i] = Math.toIntExact(sa[i]);
                }
                return out;
            }
        };
    }

    @Override
    protected int[] boundaries() {
        return new int[] {64, 128, 512, 1024};
    }
}
