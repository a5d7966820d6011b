package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.MappedByteSequence;
import org.gpumatch.checker.MappedIndexSequence;
import org.gpumatch.checker.SuffixArrayChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuffixArrayFilesTest {
    @TempDir
    Path dir;

    @Test
    void everyFormatRoundTripsAndPassesTheFileChecker() throws Exception {
        byte[] text = HardTexts.random(300_000, 4, 9);
        int[] sa = new SaisBuilder().build(text);
        Path t = dir.resolve("t");
        Files.write(t, text);
        for (EntryFormat f : EntryFormat.values()) {
            Path p = dir.resolve("sa." + f.label());
            SuffixArrayFiles.write(sa, p, f);
            assertThat(Files.size(p)).isEqualTo((long) sa.length * f.width());
            assertThat(SuffixArrayFiles.read(p, f)).isEqualTo(sa);
            assertThat(SuffixArrayChecker.sequential()
                    .check(MappedByteSequence.open(t), MappedIndexSequence.open(p, f)).line()).isEqualTo("OK");
        }
    }

    @Test
    void littleEndianInt32AcrossChunksAndNegativeEntriesRefused() throws Exception {
        int[] sa = new int[(1 << 18) + 3]; // over one 1 MiB chunk of int32 entries
        for (int i = 0; i < sa.length; i++) {
            sa[i] = i * 0x01010101 & Integer.MAX_VALUE;
        }
        Path p = dir.resolve("x32");
        SuffixArrayFiles.write(sa, p, EntryFormat.INT32);
        byte[] bytes = Files.readAllBytes(p);
        assertThat(bytes).hasSize(4 * sa.length);
        int last = sa.length - 1;
        assertThat(new byte[] {bytes[4 * last], bytes[4 * last + 3]})
                .containsExactly((byte) sa[last], (byte) (sa[last] >>> 24));
        assertThat(SuffixArrayFiles.read(p, EntryFormat.INT32)).isEqualTo(sa);
        sa[(1 << 18) + 1] = -7;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SuffixArrayFiles.write(sa, p, EntryFormat.INT32))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("negative suffix array entry -7");
    }

    @Test
    void largeInt32ArraysAreWrittenInParallelSlices() throws Exception {
        int[] sa = new int[SuffixArrayFiles.PARALLEL_ENTRIES + (1 << 20) + 5]; // slices of 2^20, the last one short
        for (int i = 0; i < sa.length; i++) {
            sa[i] = (sa.length - 1 - i) * 0x01000193 & Integer.MAX_VALUE;
        }
        Path p = dir.resolve("big32");
        Files.write(p, new byte[5 * sa.length]); // a longer old file is truncated
        SuffixArrayFiles.write(sa, p, EntryFormat.INT32);
        assertThat(Files.size(p)).isEqualTo(4L * sa.length);
        assertThat(SuffixArrayFiles.read(p, EntryFormat.INT32)).isEqualTo(sa);
        sa[sa.length - 2] = -9;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SuffixArrayFiles.write(sa, p, EntryFormat.INT32))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("negative suffix array entry -9");
    }

    @Test
    void anExistingFileIsWrittenOverInPlaceWhateverItsLength() throws Exception {
        int[] sa = new int[SuffixArrayFiles.PARALLEL_ENTRIES + 7];
        for (int i = 0; i < sa.length; i++) {
            sa[i] = i * 0x9E3779B1 & Integer.MAX_VALUE;
        }
        Path p = dir.resolve("over");
        byte[] old = new byte[4 * sa.length - 12345]; // shorter, every byte 0xFF: nothing of it may remain
        java.util.Arrays.fill(old, (byte) 0xFF);
        Files.write(p, old);
        SuffixArrayFiles.write(sa, p, EntryFormat.INT32);
        assertThat(SuffixArrayFiles.read(p, EntryFormat.INT32)).isEqualTo(sa);
        int[] shorter = java.util.Arrays.copyOf(sa, sa.length - (1 << 20) - 3); // over a longer file of other entries
        for (int i = 0; i < shorter.length; i++) {
            shorter[i] = shorter.length - 1 - i;
        }
        SuffixArrayFiles.write(shorter, p, EntryFormat.INT32);
        assertThat(Files.size(p)).isEqualTo(4L * shorter.length);
        assertThat(SuffixArrayFiles.read(p, EntryFormat.INT32)).isEqualTo(shorter);
    }

    @Test
    void largeInt40AndInt64ArraysAreWrittenInParallelSlices() throws Exception {
        int[] sa = new int[SuffixArrayFiles.PARALLEL_ENTRIES + 3];
        for (int i = 0; i < sa.length; i++) {
            sa[i] = (sa.length - 1 - i) * 0x01000193 & Integer.MAX_VALUE;
        }
        for (EntryFormat f : new EntryFormat[] {EntryFormat.INT40, EntryFormat.INT64}) {
            Path p = dir.resolve("big-" + f.label());
            SuffixArrayFiles.write(sa, p, f);
            assertThat(Files.size(p)).isEqualTo((long) f.width() * sa.length);
            assertThat(SuffixArrayFiles.read(p, f)).isEqualTo(sa);
        }
        sa[3] = -5;
        sa[sa.length - 1] = -9;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SuffixArrayFiles.write(sa, dir.resolve("neg"),
                EntryFormat.INT40)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("negative suffix array entry -5");
    }

    @Test
    void largeLongPagesAreWrittenInParallelSlicesAsTheSequentialWriterDoes() throws Exception {
        // pages of 2^19 entries: every slice of 2^20 spans two; values past 2^32 (int40 and int64 only)
        LongPages pages = new LongPages(SuffixArrayFiles.PARALLEL_ENTRIES + (1 << 20) + 5, 19);
        for (long i = 0; i < pages.length(); i++) {
            pages.set(i, (pages.length() - 1 - i) * 0x1000193L % (1L << 38));
        }
        org.gpumatch.checker.IndexSequence sequential = new org.gpumatch.checker.IndexSequence() {
            @Override
            public long length() {
                return pages.length();
            }

            @Override
            public long valueAt(long index) {
                return pages.get(index);
            }
        };
        for (EntryFormat f : new EntryFormat[] {EntryFormat.INT40, EntryFormat.INT64}) {
            Path parallel = dir.resolve("pages-" + f.label());
            Path reference = dir.resolve("seq-" + f.label());
            SuffixArrayFiles.write(pages, parallel, f);
            SuffixArrayFiles.write(sequential, reference, f);
            assertThat(Files.size(parallel)).isEqualTo(f.width() * pages.length());
            assertThat(Files.mismatch(parallel, reference)).isEqualTo(-1L);
        }
        // int32 cannot hold the values: the first entry out of range is named, as by the sequential writer
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SuffixArrayFiles.write(pages, dir.resolve("p32"),
                EntryFormat.INT32)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("suffix array entry 0 = " + pages.get(0) + " does not fit int32");
        long late = pages.length() - 3;
        long early = (1 << 20) + 7;
        pages.set(late, -4);
        pages.set(early, -2);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SuffixArrayFiles.write(pages, dir.resolve("p40"),
                EntryFormat.INT40)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("suffix array entry " + early + " = -2 is negative");
    }

    @Test
    void littleEndianInt40() throws Exception {
        Path p = dir.resolve("x");
        SuffixArrayFiles.write(new int[] {0x01020304, 5}, p, EntryFormat.INT40);
        assertThat(Files.readAllBytes(p)).containsExactly(4, 3, 2, 1, 0, 5, 0, 0, 0, 0);
    }
}
