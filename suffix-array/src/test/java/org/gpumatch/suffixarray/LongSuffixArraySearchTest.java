package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.gpumatch.checker.ByteSequence;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.IndexSequence;
import org.gpumatch.checker.MappedByteSequence;
import org.gpumatch.checker.MappedIndexSequence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The long-indexed search against {@link SuffixArraySearch}, on heap views and on memory-mapped files cut into tiny
 * segments (64 bytes of text, 16 entries of SA), so that comparisons and entries cross segment boundaries as they do
 * past 2 GiB with the real segment size.
 */
class LongSuffixArraySearchTest {
    @TempDir
    Path dir;

    @Test
    void agreesWithTheIntSearchOnMappedFilesInEveryFormat() throws Exception {
        byte[] text = HardTexts.random(5003, 4, 21);
        System.arraycopy(text, 100, text, 3000, 700); // a long repeat: patterns with several occurrences
        int[] sa = new SaisBuilder().build(text);
        SuffixArraySearch reference = new SuffixArraySearch(text, sa);
        Path textFile = dir.resolve("t.txt");
        Files.write(textFile, text);
        for (EntryFormat f : EntryFormat.values()) {
            Path saFile = dir.resolve("t." + f.label());
            SuffixArrayFiles.write(sa, saFile, f);
            LongSuffixArraySearch mapped = new LongSuffixArraySearch(MappedByteSequence.open(textFile, 64),
                    MappedIndexSequence.open(saFile, f, 16));
            LongSuffixArraySearch heap = new LongSuffixArraySearch(ByteSequence.of(text), IndexSequence.of(sa));
            byte[][] patterns = new byte[300][];
            for (int i = 0; i < patterns.length; i++) {
                int at = (i * 37) % (text.length - 1);
                int len = 1 + i % 40;
                patterns[i] = Arrays.copyOfRange(text, at, Math.min(text.length, at + len));
                if (i % 7 == 0) {
                    patterns[i][patterns[i].length - 1] ^= 1; // often absent
                }
            }
            patterns[0] = Arrays.copyOfRange(text, text.length - 5, text.length); // the text's end
            patterns[1] = Arrays.copyOf(patterns[0], 9); // runs past the end
            long[] counts = mapped.countAll(patterns);
            for (int i = 0; i < patterns.length; i++) {
                int[] iv = reference.interval(patterns[i]);
                assertThat(mapped.interval(patterns[i])).as("%s pattern %d", f, i).containsExactly(iv[0], iv[1]);
                assertThat(counts[i]).isEqualTo(reference.count(patterns[i]));
                assertThat(heap.count(patterns[i])).isEqualTo(reference.count(patterns[i]));
                assertThat(mapped.find(patterns[i])).isEqualTo(
                        Arrays.stream(reference.find(patterns[i])).asLongStream().toArray());
            }
        }
    }

    @Test
    void badEntriesAndLengthsAreNamed() {
        byte[] text = "banana".getBytes();
        assertThatThrownBy(() -> new LongSuffixArraySearch(ByteSequence.of(text), IndexSequence.of(new int[5])))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("5 entries");
        LongSuffixArraySearch bad = new LongSuffixArraySearch(ByteSequence.of(text),
                IndexSequence.of(new int[] {5, 3, 1, 0, 99, 2}));
        assertThatThrownBy(() -> bad.count("n".getBytes())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("entry").hasMessageContaining("99");
        assertThatThrownBy(() -> bad.count(new byte[0])).hasMessageContaining("empty");
    }
}
