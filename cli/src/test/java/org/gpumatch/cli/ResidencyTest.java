package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.stream.ChunkSizes;
import org.junit.jupiter.api.Test;

/** The rules that decide between holding a text whole and streaming it, with a fake algorithm. */
class ResidencyTest {
    private static final long HEAP = 8L << 30;

    /** An algorithm that takes texts of at most {@code maxText} bytes and patterns of at most {@code maxM}. */
    private static Matcher algorithm(long maxText, int maxM) {
        return new Matcher() {
            @Override
            public Algorithm algorithm() {
                return Algorithm.DRK_WOM_64;
            }

            @Override
            public Optional<String> unsupportedReason(long n, int m, int sigma) {
                if (m > maxM) {
                    return Optional.of("m <= " + maxM);
                }
                return n > maxText ? Optional.of("the device allows buffers of " + maxText + " bytes") : Optional.empty();
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

    private static final Matcher ANY = algorithm(Long.MAX_VALUE, Integer.MAX_VALUE);

    private static TextInput file(long size) {
        return new TextInput("f.bin", Path.of("f.bin"), size);
    }

    private static final TextInput PIPE = new TextInput("standard input", null, -1);

    @Test
    void smallFilesAndPipesAreHeldWhole() {
        assertThat(Residency.decide(file(1000), 4, null, HEAP, ANY)).isEqualTo(Residency.RESIDENT);
        assertThat(Residency.decide(file(TextFiles.MAX_RESIDENT_BYTES), 4, null, HEAP, ANY).streamed()).isFalse();
        assertThat(Residency.decide(PIPE, 4, null, HEAP, ANY).streamed()).isFalse();
    }

    @Test
    void chunkSizeStreamsFilesAndPipes() {
        Residency r = Residency.decide(file(1000), 4, 7L, HEAP, ANY);
        assertThat(r.chunkBytes()).isEqualTo(7);
        assertThat(r.why()).isEqualTo("--chunk-size given");
        assertThat(Residency.decide(PIPE, 4, 64L << 10, HEAP, ANY).chunkBytes()).isEqualTo(64 << 10);
    }

    @Test
    void filesOverTheResidentMaximumAreStreamedInDefaultChunks() {
        Residency r = Residency.decide(file(TextFiles.MAX_RESIDENT_BYTES + 1L), 4, null, HEAP, ANY);
        assertThat(r.chunkBytes()).isEqualTo(ChunkSizes.DEFAULT_CHUNK_BYTES);
        assertThat(r.why()).contains("larger than the 2147483639 bytes");
    }

    @Test
    void filesThatDoNotFitTwiceInTheHeapAreStreamedInSmallerChunks() {
        Residency r = Residency.decide(file(600L << 20), 4, null, 1L << 30, ANY);
        assertThat(r.chunkBytes()).isEqualTo(ChunkSizes.DEFAULT_CHUNK_BYTES); // a quarter of 1 GiB
        assertThat(r.why()).contains("free Java heap").contains("GPUMATCH_HEAP");
        assertThat(Residency.decide(file(600L << 20), 4, null, 400L << 20, ANY).chunkBytes()).isEqualTo(100L << 20);
        assertThat(Residency.decide(file(600L << 20), 4, null, 1L << 20, ANY).chunkBytes())
                .isEqualTo(Residency.MIN_DEFAULT_CHUNK);
    }

    @Test
    void aFileTheAlgorithmTakesOnlyInPartsIsStreamedInChunksItTakes() {
        Matcher device = algorithm(100_000, 8);
        Residency r = Residency.decide(file(1_000_000), 4, null, HEAP, device);
        assertThat(r.chunkBytes()).isEqualTo(100_000 - 3);
        assertThat(r.why()).isEqualTo("drk-wom-64 cannot take it whole: the device allows buffers of 100000 bytes");
        // a refusal that is not about size is left to the capability check (a one-line error naming who can)
        assertThat(Residency.decide(file(1_000_000), 9, null, HEAP, device)).isEqualTo(Residency.RESIDENT);
        // files over the maximum get the chunk the algorithm takes, not the default
        assertThat(Residency.decide(file(5L << 30), 4, null, HEAP, device).chunkBytes()).isEqualTo(100_000 - 3);
    }

    @Test
    void aChunkSizeTheAlgorithmCannotTakeIsAnError() {
        Matcher device = algorithm(100_000, 8);
        assertThat(Residency.decide(file(1_000_000), 4, 99_997L, HEAP, device).chunkBytes()).isEqualTo(99_997);
        assertThatThrownBy(() -> Residency.decide(file(1_000_000), 4, 99_998L, HEAP, device))
                .isInstanceOf(CliException.class)
                .hasMessage("--chunk-size 99998 is too large for drk-wom-64: the device allows buffers of 100000 "
                        + "bytes; the largest chunk it takes is 99997 (--chunk-size 99997)");
        assertThatThrownBy(() -> Residency.decide(file(10), 4, 0L, HEAP, ANY)).isInstanceOf(CliException.class)
                .hasMessageContaining("at least 1 byte");
        assertThatThrownBy(() -> Residency.decide(file(10), 4, 1L << 31, HEAP, ANY)).isInstanceOf(CliException.class)
                .hasMessageContaining("is too large: with a pattern of 4 bytes a chunk is at most 2147483636 bytes");
    }
}
