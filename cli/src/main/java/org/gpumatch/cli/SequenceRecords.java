package org.gpumatch.cli;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.gpumatch.sequence.FastaReader;
import org.gpumatch.sequence.PackedGenome;
import org.gpumatch.sequence.SequenceRecord;

/**
 * The sequences of a FASTA or FASTQ input, handed to a search in {@link Batch}es: records joined end to end up to
 * {@link #BATCH_BYTES} (a longer record is a batch of its own), so that a genome of many short contigs or a FASTQ file
 * of millions of reads costs one search per batch, not per record; {@link Batch#locate} drops the hits that span two
 * records and names the record of the others.
 *
 * <p>FASTA is read by the sequence module's {@link FastaReader} (all cores; bases upper case, soft-masked lowercase
 * bases read as their base, so patterns are searched in upper case), from the file itself or, for a stream, from a
 * temporary copy. FASTQ is read here, in order: {@code @name} line, sequence line(s), a {@code +} line, then quality
 * lines as long as the sequence (their bytes are never searched). Memory: the packed genome (3/8 byte per base) plus
 * one batch; FASTQ: one batch.
 */
final class SequenceRecords {
    /** The most bytes of several records joined into one batch. */
    static final int BATCH_BYTES = 64 << 20;

    /** Records joined end to end: record {@code i} is {@code text[starts[i], starts[i+1])}. */
    static final class Batch {
        private final byte[] text;
        private final int[] starts;
        private final String[] names;

        Batch(byte[] text, int[] starts, String[] names) {
            this.text = text;
            this.starts = starts;
            this.names = names;
        }

        /** The joined sequences (exactly their bytes). */
        byte[] text() {
            return text;
        }

        /**
         * Hands a hit of {@code m} bytes at {@code offset} of {@link #text} to {@code sink} as (record name, offset in
         * the record), unless it spans two records; returns whether it was handed on. O(log records).
         */
        boolean locate(long offset, int m, RecordHits sink) {
            int r = Arrays.binarySearch(starts, 0, names.length, (int) offset);
            if (r < 0) {
                r = -r - 2;
            }
            if (offset + m > starts[r + 1]) {
                return false;
            }
            sink.hit(names[r], offset - starts[r]);
            return true;
        }
    }

    /** Where hits in records go. */
    interface RecordHits {
        void hit(String record, long offset);
    }

    /** Takes the batches one after the other. */
    interface BatchConsumer {
        void accept(Batch batch) throws IOException;
    }

    private SequenceRecords() {
    }

    /** Reads {@code input} as {@code format} (FASTA or FASTQ) and hands its records to {@code consumer} in batches. */
    static void read(TextInput input, SequenceFormat format, BatchConsumer consumer) throws IOException {
        Batcher batcher = new Batcher(consumer);
        if (format == SequenceFormat.FASTA) {
            readFasta(input, batcher);
        } else {
            readFastq(input, batcher);
        }
        batcher.flush();
    }

    private static void readFasta(TextInput input, Batcher batcher) throws IOException {
        Path file = input.file();
        Path spooled = null;
        if (file == null || !Files.isRegularFile(file)) { // a stream: FastaReader reads files by position
            spooled = Files.createTempFile("gpumatch-fasta-", ".fa");
            try (InputStream in = input.openStream()) {
                Files.copy(in, spooled, StandardCopyOption.REPLACE_EXISTING);
            }
            file = spooled;
        }
        PackedGenome genome;
        try {
            genome = FastaReader.read(file);
        } finally {
            if (spooled != null) {
                Files.deleteIfExists(spooled);
            }
        }
        for (SequenceRecord r : genome.records()) {
            if (r.length() > TextFiles.MAX_RESIDENT_BYTES) {
                throw new CliException(input.name() + ": record " + r.name() + " has " + r.length() + " bases, more "
                        + "than the " + TextFiles.MAX_RESIDENT_BYTES + " a record may have here; --raw searches the "
                        + "file's bytes");
            }
            batcher.add(r.name(), genome.symbols(r.start(), (int) r.length()));
        }
    }

    private static void readFastq(TextInput input, Batcher batcher) throws IOException {
        try (InputStream raw = input.openStream()) {
            Lines lines = new Lines(new BufferedInputStream(raw, 1 << 16));
            byte[] header;
            while ((header = lines.next()) != null) {
                if (header.length == 0) {
                    continue;
                }
                long at = lines.number;
                if (header[0] != '@') {
                    throw new CliException(input.name() + " line " + at + ": a FASTQ record starts with '@' "
                            + "(--raw searches the file's bytes)");
                }
                ByteArrayOutputStream seq = new ByteArrayOutputStream();
                byte[] line;
                while ((line = lines.next()) != null && (line.length == 0 || line[0] != '+')) {
                    seq.write(line, 0, line.length);
                }
                if (line == null) {
                    throw new CliException(input.name() + " line " + at + ": the FASTQ record has no '+' line");
                }
                long quality = 0;
                while (quality < seq.size() && (line = lines.next()) != null) {
                    quality += line.length;
                }
                if (quality != seq.size()) {
                    throw new CliException(input.name() + " line " + at + ": the FASTQ record has " + seq.size()
                            + " bases but " + quality + " quality symbols");
                }
                batcher.add(name(header), seq.toByteArray());
            }
        }
    }

    /** The first word of a title line without its {@code >} or {@code @}. */
    private static String name(byte[] header) {
        int end = 1;
        while (end < header.length && header[end] != ' ' && header[end] != '\t') {
            end++;
        }
        return new String(header, 1, end - 1, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Collects records into batches. */
    private static final class Batcher {
        private final BatchConsumer consumer;
        private final List<byte[]> records = new ArrayList<>();
        private final List<String> names = new ArrayList<>();
        private long bytes;

        Batcher(BatchConsumer consumer) {
            this.consumer = consumer;
        }

        void add(String name, byte[] sequence) throws IOException {
            if (bytes + sequence.length > BATCH_BYTES && !records.isEmpty()) {
                flush();
            }
            records.add(sequence);
            names.add(name);
            bytes += sequence.length;
        }

        void flush() throws IOException {
            if (records.isEmpty()) {
                return;
            }
            byte[] text = new byte[(int) bytes];
            int[] starts = new int[records.size() + 1];
            int pos = 0;
            for (int i = 0; i < records.size(); i++) {
                starts[i] = pos;
                System.arraycopy(records.get(i), 0, text, pos, records.get(i).length);
                pos += records.get(i).length;
            }
            starts[records.size()] = pos;
            Batch batch = new Batch(text, starts, names.toArray(new String[0]));
            records.clear();
            names.clear();
            bytes = 0;
            consumer.accept(batch);
        }
    }

    /** Lines of a stream without their LF or CRLF, numbered from 1. */
    private static final class Lines {
        private final InputStream in;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        long number;

        Lines(InputStream in) {
            this.in = in;
        }

        byte[] next() throws IOException {
            line.reset();
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                line.write(b);
            }
            if (b < 0 && line.size() == 0) {
                return null;
            }
            number++;
            byte[] out = line.toByteArray();
            return out.length > 0 && out[out.length - 1] == '\r' ? Arrays.copyOf(out, out.length - 1) : out;
        }
    }
}
