package org.gpumatch.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** UCSC 2bit files (written here by the format's definition) read like the same records in FASTA. */
class TwoBitReaderTest {
    @TempDir
    Path dir;

    /** The 2bit bytes of {@code records} (name, sequence of ACGTN in any case), version 0 or 1, in {@code order}. */
    static byte[] twoBit(List<String[]> records, int version, ByteOrder order) {
        int offsetBytes = version == 0 ? 4 : 8;
        int index = 16;
        for (String[] r : records) {
            index += 1 + r[0].length() + offsetBytes;
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        List<Long> offsets = new ArrayList<>();
        for (String[] r : records) {
            offsets.add((long) index + body.size());
            String s = r[1];
            List<int[]> nBlocks = blocks(s, c -> c == 'N' || c == 'n');
            List<int[]> maskBlocks = blocks(s, Character::isLowerCase);
            ByteBuffer b = ByteBuffer.allocate(16 + 8 * (nBlocks.size() + maskBlocks.size()) + (s.length() + 3) / 4)
                    .order(order);
            b.putInt(s.length()).putInt(nBlocks.size());
            nBlocks.forEach(x -> b.putInt(x[0]));
            nBlocks.forEach(x -> b.putInt(x[1]));
            b.putInt(maskBlocks.size());
            maskBlocks.forEach(x -> b.putInt(x[0]));
            maskBlocks.forEach(x -> b.putInt(x[1]));
            b.putInt(0);
            for (int i = 0; i < s.length(); i += 4) {
                int v = 0;
                for (int k = 0; k < 4; k++) {
                    char c = i + k < s.length() ? Character.toUpperCase(s.charAt(i + k)) : 'T';
                    v |= Math.max(0, "TCAG".indexOf(c)) << (6 - 2 * k); // N is stored as T
                }
                b.put((byte) v);
            }
            body.writeBytes(b.array());
        }
        ByteBuffer head = ByteBuffer.allocate(index).order(order);
        head.putInt(TwoBitReader.SIGNATURE).putInt(version).putInt(records.size()).putInt(0);
        for (int i = 0; i < records.size(); i++) {
            head.put((byte) records.get(i)[0].length()).put(records.get(i)[0].getBytes(StandardCharsets.US_ASCII));
            if (version == 0) {
                head.putInt((int) (long) offsets.get(i));
            } else {
                head.putLong(offsets.get(i));
            }
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(head.array());
        all.writeBytes(body.toByteArray());
        return all.toByteArray();
    }

    private static List<int[]> blocks(String s, java.util.function.IntPredicate in) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < s.length();) {
            if (!in.test(s.charAt(i))) {
                i++;
                continue;
            }
            int j = i;
            while (j < s.length() && in.test(s.charAt(j))) {
                j++;
            }
            out.add(new int[] {i, j - i});
            i = j;
        }
        return out;
    }

    @Test
    void readsLikeTheSameFasta() throws IOException {
        Random rnd = new Random(3);
        for (int trial = 0; trial < 30; trial++) {
            List<String[]> records = new ArrayList<>();
            StringBuilder fasta = new StringBuilder();
            for (int r = 0; r < 1 + rnd.nextInt(4); r++) {
                StringBuilder s = new StringBuilder();
                int len = rnd.nextInt(5) == 0 ? rnd.nextInt(5) : rnd.nextInt(300);
                while (s.length() < len) {
                    if (rnd.nextInt(30) == 0) {
                        s.append("N".repeat(1 + rnd.nextInt(20)));
                    } else {
                        s.append((rnd.nextInt(4) == 0 ? "acgt" : "ACGT").charAt(rnd.nextInt(4)));
                    }
                }
                String seq = s.substring(0, len);
                records.add(new String[] {"seq" + r, seq});
                fasta.append(">seq").append(r).append('\n').append(seq).append('\n');
            }
            Path tb = dir.resolve("g" + trial + ".2bit");
            Files.write(tb, twoBit(records, trial % 2, trial % 3 == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN));
            Path fa = dir.resolve("g" + trial + ".fa");
            Files.writeString(fa, fasta);
            PackedGenome a = FastaReader.read(tb, 2);
            PackedGenome b = FastaReader.read(fa, 2);
            assertThat(a.records()).isEqualTo(b.records());
            assertThat(new String(a.symbols(0, (int) a.length()), StandardCharsets.ISO_8859_1))
                    .isEqualTo(new String(b.symbols(0, (int) b.length()), StandardCharsets.ISO_8859_1));
            for (long i = 0; i < a.length(); i++) {
                assertThat(a.code(i)).isEqualTo(b.code(i));
                assertThat(a.isException(i)).isEqualTo(b.isException(i));
            }
        }
    }

    @Test
    void truncatedFileNamesItself() throws IOException {
        byte[] whole = twoBit(List.<String[]>of(new String[] {"chr1", "ACGTNNACGT"}), 0, ByteOrder.LITTLE_ENDIAN);
        Path tb = dir.resolve("cut.2bit");
        Files.write(tb, java.util.Arrays.copyOf(whole, 30));
        assertThatThrownBy(() -> FastaReader.read(tb)).isInstanceOf(SequenceFormatException.class)
                .hasMessageContaining(tb.toString());
    }
}
