package org.gpumatch.checker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Memory-mapped texts and suffix arrays: every entry format round-trips, and segment indexing is exercised with tiny
 * segments (the path that files over 2 GiB take with 1 GiB segments).
 */
class MappedFilesTest {
    private static final int N = 20_000;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(EntryFormat.class)
    void suffixArrayFileRoundTripsAndChecks(final EntryFormat format) throws IOException {
        final byte[] t = Texts.dnaLike(N, 1);
        final int[] sa = SuffixSorting.prefixDoubling(t);
        final Path textFile = Files.write(dir.resolve("text"), t);
        final Path saFile = SaFiles.write(dir.resolve("sa." + format.label()), sa, format);
        assertThat(Files.size(saFile)).isEqualTo((long) N * format.width());

        final MappedIndexSequence mapped = MappedIndexSequence.open(saFile, format);
        assertThat(mapped.format()).isEqualTo(format);
        assertThat(mapped.length()).isEqualTo(N);
        for (int i = 0; i < N; i++) {
            assertThat(mapped.valueAt(i)).isEqualTo(sa[i]);
        }
        final ByteSequence text = MappedByteSequence.open(textFile);
        assertThat(SuffixArrayChecker.sequential().check(text, mapped)).isEqualTo(Verdict.OK);
        assertThat(SuffixArrayChecker.parallel(3).check(text, mapped)).isEqualTo(Verdict.OK);
    }

    @ParameterizedTest
    @EnumSource(EntryFormat.class)
    void tinySegmentsGiveTheSameEntriesAndVerdicts(final EntryFormat format) throws IOException {
        final int n = 3000; // one mapping per segment: keep the count of tiny segments small
        final byte[] t = Texts.sourceLike(n, 2);
        final int[] sa = SuffixSorting.prefixDoubling(t);
        final Path textFile = Files.write(dir.resolve("text"), t);
        final Path saFile = SaFiles.write(dir.resolve("sa"), sa, format);
        final Random r = new Random(format.ordinal());
        for (final int segment : new int[] {1, 2, 8, 64, 4096}) {
            final ByteSequence text = MappedByteSequence.open(textFile, segment);
            final IndexSequence mapped = MappedIndexSequence.open(saFile, format, segment);
            for (int i = 0; i < n; i++) {
                assertThat(text.byteAt(i)).isEqualTo(t[i] & 0xFF);
                assertThat(mapped.valueAt(i)).isEqualTo(sa[i]);
            }
            assertThat(new SuffixArrayChecker(2, 777).check(text, mapped)).isEqualTo(Verdict.OK);

            final int[] wrong = sa.clone();
            final int i = r.nextInt(n);
            final int j = r.nextInt(n);
            wrong[i] = sa[j];
            wrong[j] = sa[i];
            final Path wrongFile = SaFiles.write(dir.resolve("wrong"), wrong, format);
            final Verdict expected = SuffixArrayChecker.sequential().check(t, wrong);
            final IndexSequence mappedWrong = MappedIndexSequence.open(wrongFile, format, segment);
            assertThat(SuffixArrayChecker.sequential().check(text, mappedWrong)).isEqualTo(expected);
            assertThat(new SuffixArrayChecker(2, 777).check(text, mappedWrong)).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(EntryFormat.class)
    void bulkReadsCrossSegmentBoundaries(final EntryFormat format) throws IOException {
        final int n = 1000;
        final byte[] t = Texts.randomBytes(n, 4);
        final long[] values = new Random(5).longs(n, format == EntryFormat.INT40 ? 0 : -1, n + 1).toArray();
        final Path textFile = Files.write(dir.resolve("t"), t);
        final Path saFile = SaFiles.write(dir.resolve("s"), values, format);
        final Random r = new Random(6);
        for (final int segment : new int[] {1, 4, 16, 1024}) { // 1024: one segment, the specialised loops
            final ByteSequence text = MappedByteSequence.open(textFile, segment);
            final IndexSequence sa = MappedIndexSequence.open(saFile, format, segment);
            for (int rep = 0; rep < 200; rep++) {
                final int from = r.nextInt(n);
                final int count = r.nextInt(n - from + 1);
                final byte[] bytes = new byte[count];
                text.copyTo(from, bytes, count);
                assertThat(bytes).isEqualTo(Arrays.copyOfRange(t, from, from + count));
                final long[] entries = new long[count];
                sa.copyTo(from, entries, count);
                assertThat(entries).isEqualTo(Arrays.copyOfRange(values, from, from + count));
            }
            // Gather at every index (and skip negative ones); pairs at every position, in range or not.
            final long[] indices = new long[n + 2];
            final long[] gathered = new long[n + 2];
            final long[] positions = new long[n + 2];
            final int[] pairs = new int[n + 2];
            for (int k = 0; k < n + 2; k++) {
                indices[k] = k < n ? n - 1 - k : -1;
                gathered[k] = 77;
                positions[k] = k - 1;
            }
            sa.gather(indices, n + 2, gathered);
            text.pairsAt(positions, n + 2, pairs);
            for (int k = 0; k < n + 2; k++) {
                assertThat(gathered[k]).isEqualTo(k < n ? values[n - 1 - k] : 77);
                final long p = positions[k];
                final int expected = p < 0 || p >= n ? ByteSequence.NO_PAIR
                        : p == 0 ? t[0] & 0xFF : (t[(int) p] & 0xFF) | (t[(int) p - 1] & 0xFF) << 8;
                assertThat(pairs[k]).as("position %d", p).isEqualTo(expected);
            }
        }
    }

    @Test
    void extremeEntryValuesRoundTrip() throws IOException {
        final long[] int40 = {0, 1, 0xFFFF_FFFFL, 1L << 32, (1L << 40) - 1, 123_456_789_012L};
        assertThat(readAll(SaFiles.write(dir.resolve("a"), int40, EntryFormat.INT40), EntryFormat.INT40, 2))
                .containsExactly(int40);
        final long[] int32 = {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 42};
        assertThat(readAll(SaFiles.write(dir.resolve("b"), int32, EntryFormat.INT32), EntryFormat.INT32, 4))
                .containsExactly(int32);
        final long[] int64 = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40};
        assertThat(readAll(SaFiles.write(dir.resolve("c"), int64, EntryFormat.INT64), EntryFormat.INT64, 1))
                .containsExactly(int64);
    }

    @Test
    void entriesThatDoNotFitTheFormatAreRefused() {
        final ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        assertThatThrownBy(() -> EntryFormat.INT40.put(b, 1L << 40)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EntryFormat.INT40.put(b, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EntryFormat.INT32.put(b, 1L << 31)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void formatsParseByLabel() {
        assertThat(EntryFormat.parse("int32")).isEqualTo(EntryFormat.INT32);
        assertThat(EntryFormat.parse("INT64")).isEqualTo(EntryFormat.INT64);
        assertThat(EntryFormat.parse("int40")).isEqualTo(EntryFormat.INT40);
        assertThatThrownBy(() -> EntryFormat.parse("int16")).hasMessageContaining("int16");
    }

    @Test
    void fileSizeNotAMultipleOfTheWidthIsAnError() throws IOException {
        final Path file = Files.write(dir.resolve("sa"), new byte[11]);
        assertThatThrownBy(() -> MappedIndexSequence.open(file, EntryFormat.INT32))
                .isInstanceOf(IOException.class).hasMessageContaining("11 bytes").hasMessageContaining("multiple");
        assertThat(MappedIndexSequence.open(Files.write(dir.resolve("sa5"), new byte[10]), EntryFormat.INT40).length())
                .isEqualTo(2);
    }

    @Test
    void emptyFilesAreAnEmptyTextAndSuffixArray() throws IOException {
        final ByteSequence text = MappedByteSequence.open(Files.write(dir.resolve("t"), new byte[0]));
        final IndexSequence sa = MappedIndexSequence.open(Files.write(dir.resolve("s"), new byte[0]), EntryFormat.INT64);
        assertThat(text.length()).isZero();
        assertThat(SuffixArrayChecker.sequential().check(text, sa)).isEqualTo(Verdict.OK);
    }

    @Test
    void segmentSizeMustBeAPowerOfTwo() throws IOException {
        final Path file = Files.write(dir.resolve("t"), new byte[8]);
        assertThatThrownBy(() -> MappedByteSequence.open(file, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MappedIndexSequence.open(file, EntryFormat.INT64, 1L << 28))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void defaultSegmentsHoldAtMostOneGibibyte() {
        assertThat(SegmentedMapping.defaultEntriesPerSegment(1)).isEqualTo(1L << 30);
        assertThat(SegmentedMapping.defaultEntriesPerSegment(4)).isEqualTo(1L << 28);
        assertThat(SegmentedMapping.defaultEntriesPerSegment(5)).isEqualTo(1L << 27);
        assertThat(SegmentedMapping.defaultEntriesPerSegment(8)).isEqualTo(1L << 27);
    }

    /** A sparse file just over 2 GiB: three default segments, read past the int range without reading 2 GiB. */
    @Test
    void textLargerThanTwoGibibytesIsIndexedWithLongs() throws IOException {
        final Path file = dir.resolve("big");
        final long length = (1L << 31) + 10;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(length);
            raf.seek((1L << 30) - 1);
            raf.write(0x11);
            raf.seek(1L << 30);
            raf.write(0x22);
            raf.seek(length - 2);
            raf.write(0xFE);
        }
        final MappedByteSequence text = MappedByteSequence.open(file);
        assertThat(text.length()).isEqualTo(length);
        assertThat(text.byteAt((1L << 30) - 1)).isEqualTo(0x11);
        assertThat(text.byteAt(1L << 30)).isEqualTo(0x22);
        assertThat(text.byteAt(length - 2)).isEqualTo(0xFE);
        assertThat(text.byteAt(length - 1)).isZero();
        assertThat(text.byteAt(1L << 31)).isZero();
    }

    private static long[] readAll(final Path file, final EntryFormat format, final long entriesPerSegment)
            throws IOException {
        final IndexSequence s = MappedIndexSequence.open(file, format, entriesPerSegment);
        final long[] values = new long[(int) s.length()];
        for (int i = 0; i < values.length; i++) {
            values[i] = s.valueAt(i);
        }
        return values;
    }
}
