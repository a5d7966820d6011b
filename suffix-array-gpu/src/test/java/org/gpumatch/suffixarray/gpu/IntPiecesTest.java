package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The host arrays of a GPU build in pieces: their lengths, the background allocation, the copy into one array. */
class IntPiecesTest {
    @Test
    void piecesHoldNIntsTheLastOneShorter() {
        assertThat(IntPieces.count(0, 4)).isEqualTo(1);
        assertThat(IntPieces.count(16, 4)).isEqualTo(1);
        assertThat(IntPieces.count(17, 4)).isEqualTo(2);
        int[][] pieces = IntPieces.allocateAsync(40, 4).join();
        assertThat(pieces).hasNumberOfRows(3);
        assertThat(pieces[0]).hasSize(16);
        assertThat(pieces[2]).hasSize(8).containsOnly(0);
        assertThat(IntPieces.allocate(0, 4)).hasNumberOfRows(1);
        int[][] arrays = IntPieces.arraysAsync(4, 7).join();
        assertThat(arrays).hasNumberOfRows(4);
        for (int[] a : arrays) {
            assertThat(a).hasSize(7).containsOnly(0);
        }
    }

    /** A piece longer than one copy chunk (2^22 ints), copied at an offset that is no multiple of it. */
    @Test
    void piecesOfALongerArrayHoldAShorterOneNotALongerOne() {
        int[][] forForty = IntPieces.allocate(40, 4); // 16, 16, 8
        assertThat(IntPieces.hold(forForty, 40, 4)).isTrue();
        assertThat(IntPieces.hold(forForty, 33, 4)).isTrue();
        assertThat(IntPieces.hold(forForty, 16, 4)).isTrue();
        assertThat(IntPieces.hold(forForty, 0, 4)).isTrue();
        assertThat(IntPieces.hold(forForty, 41, 4)).as("the last piece too short").isFalse();
        assertThat(IntPieces.hold(forForty, 49, 4)).as("a piece missing").isFalse();
        assertThat(IntPieces.pieceLength(40, 4, 2)).isEqualTo(8);
    }

    @Test
    void aPieceIsCopiedWholeAcrossCopyChunks() {
        int length = (1 << 22) * 2 + 5;
        int[] piece = new int[length];
        for (int i = 0; i < length; i++) {
            piece[i] = i * 31 + 7;
        }
        int at = 1000;
        int[] joined = new int[at + length + 3];
        IntPieces.copyInto(piece, joined, at);
        for (int i = 0; i < at; i++) {
            assertThat(joined[i]).isZero();
        }
        for (int i = 0; i < length; i++) {
            if (joined[at + i] != piece[i]) {
                assertThat(joined[at + i]).as("index %d", i).isEqualTo(piece[i]);
            }
        }
        assertThat(new int[] {joined[at + length], joined[at + length + 1], joined[at + length + 2]}).containsOnly(0);
    }

    /** A failed allocation reaches the caller as it was thrown (an OutOfMemoryError stays one), not wrapped. */
    @Test
    void awaitRethrowsTheCauseUnwrapped() {
        CompletableFuture<int[]> outOfMemory = CompletableFuture.supplyAsync(() -> {
            throw new OutOfMemoryError("Java heap space");
        });
        assertThatThrownBy(() -> IntPieces.await(outOfMemory)).isInstanceOf(OutOfMemoryError.class)
                .hasMessage("Java heap space");
        CompletableFuture<int[]> refused = CompletableFuture.supplyAsync(() -> {
            throw new IllegalArgumentException("no");
        });
        assertThatThrownBy(() -> IntPieces.await(refused)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no");
        assertThat(IntPieces.await(IntPieces.arrayAsync(3))).containsExactly(0, 0, 0);
    }
}
