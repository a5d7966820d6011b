package org.gpumatch.sequence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The 8-bytes-at-a-time packing against the byte-by-byte definition: every byte value at every offset of a word. */
class LocalPackerTest {
    /** The definition: GenomeBuilder's class table, one byte at a time, up to the first line break. */
    private static int[] reference(byte[] line, int[] mask, int[] end) {
        int[] words = new int[LocalPacker.wordsFor(line.length)];
        long n = 0;
        int j = 0;
        for (; j < line.length; j++) {
            int b = line[j] & 0xFF;
            int cls = GenomeBuilder.CLASS[b];
            if (cls == GenomeBuilder.SKIPPED) {
                if (b == '\n') {
                    break;
                }
                continue;
            }
            if (cls == GenomeBuilder.EXCEPTION) {
                mask[(int) (n >>> 5)] |= 1 << (n & 31);
                cls = 0;
            }
            words[(int) (n >>> 4)] |= cls << (2 * (n & 15));
            n++;
        }
        end[0] = j;
        end[1] = (int) n;
        return words;
    }

    @Test
    void everyByteValueAtEveryOffsetAndShift() {
        Random rnd = new Random(11);
        String bases = "ACGTacgt";
        for (int v = 0; v < 256; v++) {
            for (int at = 0; at < 24; at++) {
                byte[] line = new byte[29 + rnd.nextInt(40)];
                for (int i = 0; i < line.length; i++) {
                    line[i] = (byte) bases.charAt(rnd.nextInt(8));
                }
                line[at] = (byte) v;
                int start = rnd.nextInt(7); // bases packed before this line: every word shift
                LocalPacker p = new LocalPacker(start + line.length);
                byte[] lead = new byte[start];
                for (int i = 0; i < start; i++) {
                    lead[i] = (byte) bases.charAt(rnd.nextInt(8));
                }
                p.packLine(lead, 0, start);
                int end = p.packLine(line, 0, line.length);
                p.finish();
                byte[] all = new byte[start + line.length];
                System.arraycopy(lead, 0, all, 0, start);
                System.arraycopy(line, 0, all, start, line.length);
                int[] mask = new int[LocalPacker.maskWordsFor(all.length)];
                int[] ends = new int[2];
                int[] words = reference(all, mask, ends);
                assertThat(end).as("byte %d at %d", v, at).isEqualTo(ends[0] - start);
                assertThat(p.bases).isEqualTo(ends[1]);
                assertThat(p.words).as("byte %d at %d", v, at).isEqualTo(words);
                assertThat(p.mask).isEqualTo(mask);
            }
        }
    }

    /** The one-letter-per-code membership test against a test of each of the four letters: every byte in every lane. */
    @Test
    void baseBytesExactForEveryByteInEveryLane() {
        Random rnd = new Random(5);
        for (int lane = 0; lane < 8; lane++) {
            for (int v = 0; v < 256; v++) {
                long x = rnd.nextLong();
                x = x & ~(0xFFL << 8 * lane) | (long) v << 8 * lane;
                long expected = 0;
                for (int b = 0; b < 8; b++) {
                    int c = (int) (x >>> 8 * b) & 0xFF;
                    if ("ACGTacgt".indexOf(c) >= 0) {
                        expected |= 0x80L << 8 * b;
                    }
                }
                assertThat(LocalPacker.baseBytes(x)).as("byte %d in lane %d of %x", v, lane, x).isEqualTo(expected);
            }
        }
    }

    @Test
    void resetClearsForTheNextBlock() {
        LocalPacker p = new LocalPacker(200);
        byte[] n = "NNNNNNNNNNACGTNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN".getBytes();
        p.packLine(n, 0, n.length);
        p.finish();
        p.reset();
        byte[] a = "acgtACGTacgtACGTacgtACGTacgtACGTacgtACGTacgtACGTacgtACGTacgtACGTacgtACGTacgtACGTacgt".getBytes();
        p.packLine(a, 0, a.length);
        p.finish();
        assertThat(p.mask).containsOnly(0);
        assertThat(p.runs).isEmpty();
        assertThat(p.bases).isEqualTo(a.length);
        int[] mask = new int[LocalPacker.maskWordsFor(a.length)];
        int[] words = reference(a, mask, new int[2]);
        for (int i = 0; i < a.length / 16; i++) {
            assertThat(p.words[i]).isEqualTo(words[i]);
        }
    }
}
