package org.gpumatch.api.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.OptionalInt;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

class ChunkSizesTest {
    /** A matcher that takes texts of at most {@code max} bytes and patterns of at most {@code maxM} bytes. */
    private static Matcher limited(long max, int maxM) {
        return new Matcher() {
            @Override
            public Algorithm algorithm() {
                return Algorithm.DRK_WOM_64;
            }

            @Override
            public Optional<String> unsupportedReason(long n, int m, int sigma) {
                if (m > maxM) {
                    return Optional.of("m = " + m + " > " + maxM);
                }
                return n > max ? Optional.of("n = " + n + " > " + max) : Optional.empty();
            }

            @Override
            public long count(Text text, Pattern pattern) {
                throw new UnsupportedOperationException();
            }

            @Override
            public int[] find(Text text, Pattern pattern) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Plan lastPlan() {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void chunkIsCappedSoThatAWindowFitsAText() {
        assertThat(ChunkSizes.chunkFor(1, 1000)).isEqualTo(1);
        assertThat(ChunkSizes.chunkFor(5L << 30, 1)).isEqualTo(ChunkSizes.MAX_WINDOW_BYTES);
        assertThat(ChunkSizes.chunkFor(5L << 30, 9)).isEqualTo(ChunkSizes.MAX_WINDOW_BYTES - 8);
        assertThat(ChunkSizes.windowBytes(ChunkSizes.chunkFor(Long.MAX_VALUE, 77), 77))
                .isEqualTo(ChunkSizes.MAX_WINDOW_BYTES);
        assertThatThrownBy(() -> ChunkSizes.chunkFor(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChunkSizes.chunkFor(1, Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit a window");
    }

    @Test
    void windowCount() {
        assertThat(ChunkSizes.windowCount(0, 10, 3)).isEqualTo(1);
        assertThat(ChunkSizes.windowCount(2, 10, 3)).isEqualTo(1);
        assertThat(ChunkSizes.windowCount(12, 10, 3)).isEqualTo(1); // 10 starts: one chunk
        assertThat(ChunkSizes.windowCount(13, 10, 3)).isEqualTo(2);
        assertThat(ChunkSizes.windowCount(5L << 32, 1 << 28, 8)).isEqualTo(80);
    }

    @Test
    void largestAcceptedTextFindsTheSizeLimit() {
        assertThat(ChunkSizes.largestAcceptedText(limited(1000, 8), 4, 8, 1L << 40)).isEqualTo(1000);
        assertThat(ChunkSizes.largestAcceptedText(limited(1000, 8), 4, 8, 999)).isEqualTo(999);
        assertThat(ChunkSizes.largestAcceptedText(limited(1000, 8), 4, 8, 3)).isZero();
        assertThat(ChunkSizes.largestAcceptedText(limited(3, 8), 4, 8, 100)).isZero(); // not even m bytes
        assertThat(ChunkSizes.largestAcceptedText(limited(1000, 8), 9, 8, 100)).isZero(); // not about size
        assertThat(ChunkSizes.largestAcceptedText(new NaiveMatcher(), 4, 8, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void fittingChunkLeavesRoomForTheOverlap() {
        assertThat(ChunkSizes.fittingChunk(limited(1000, 8), 4, 8, 1 << 20)).isEqualTo(OptionalInt.of(997));
        assertThat(ChunkSizes.fittingChunk(limited(1000, 8), 4, 8, 500)).isEqualTo(OptionalInt.of(500));
        assertThat(ChunkSizes.fittingChunk(limited(4, 8), 4, 8, 500)).isEqualTo(OptionalInt.of(1));
        assertThat(ChunkSizes.fittingChunk(limited(3, 8), 4, 8, 500)).isEmpty();
        assertThat(ChunkSizes.fittingChunk(limited(1000, 8), 9, 8, 500)).isEmpty();
        assertThat(ChunkSizes.fittingChunk(new NaiveMatcher(), 4, 8, 500)).isEqualTo(OptionalInt.of(500));
    }
}
