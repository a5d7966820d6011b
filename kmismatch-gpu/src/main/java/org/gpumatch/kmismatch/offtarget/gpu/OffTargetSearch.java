package org.gpumatch.kmismatch.offtarget.gpu;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.gpumatch.gpu.devices.DeviceSet;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.offtarget.CpuPartSearcher;
import org.gpumatch.kmismatch.offtarget.HitList;
import org.gpumatch.kmismatch.offtarget.OffTargetHit;
import org.gpumatch.kmismatch.offtarget.OffTargetSpec;
import org.gpumatch.kmismatch.offtarget.PartSearcher;
import org.gpumatch.kmismatch.offtarget.SiteMasks;
import org.gpumatch.sequence.GenomeReading;
import org.gpumatch.sequence.PackedGenome;
import org.gpumatch.sequence.SequenceRecord;

/**
 * The library facade of the off-target search: an {@link OffTargetSpec} (pattern, queries, their most mismatches)
 * searched over a {@link PackedGenome} on an OpenCL device ({@link OffTargetKernel}) or on all cores in Java, hits
 * streamed to a consumer ordered by genome position, then query, then strand.
 *
 * <p>The genome is searched in parts of up to {@code partSites} sites; a part's data runs m - 1 bases past its last
 * site, so parts overlap by m - 1 bases and every site is searched exactly once. A hit whose site spans two records is
 * dropped. Cost: one kernel launch per part (or a scan on all cores), O(sites + candidates * queries); memory: the
 * part's 3/8 byte per base on the device, 12 bytes per hit of a part on the host.
 *
 * <pre>{@code
 * PackedGenome genome = FastaReader.read(Path.of("hg38.fa.gz"));
 * OffTargetSpec spec = new OffTargetSpec("NNNNNNNNNNNNNNNNNNNNNGG",
 *         List.of("GGCCGACCTGTCGCTGACGCNNN"), List.of(4));
 * try (OffTargetSearch search = OffTargetSearch.on(spec, device)) {
 *     search.run(genome, hit -> System.out.println(hit));
 * }
 * }</pre>
 */
public final class OffTargetSearch implements AutoCloseable {
    /**
     * Sites per part unless told otherwise: one launch per 2^30 sites (a genome under 2 GiB of packed words stays whole
     * on the device; a larger one is copied part by part, 3/8 byte per base: 384 MiB of device buffers).
     */
    public static final int DEFAULT_PART_SITES = 1 << 30;
    /**
     * Sites per part when the genome is searched while it is read ({@link #run(GenomeReading, Consumer, Consumer)}):
     * small enough
     * that the last part, searched after the read ends, is short (2^27 sites: 48 MiB copied and uploaded per part),
     * large enough that launches stay few (8 per GiB).
     */
    public static final int STREAM_PART_SITES = 1 << 27;
    private final OffTargetSpec spec;
    private final SiteMasks masks;
    private final PartSearcher searcher;

    /** What a run did. */
    public record Stats(long sites, long hits, int parts, long deviceNanos, long wallNanos, String engine, int strands) {
        /** Site-query comparisons a direct search makes: sites on the strands searched times queries. */
        public long comparisons(int queries) {
            return sites * strands * queries;
        }
    }

    OffTargetSearch(OffTargetSpec spec, SiteMasks masks, PartSearcher searcher) {
        this.spec = spec;
        this.masks = masks;
        this.searcher = searcher;
    }

    /**
     * A search on {@code device}: an OpenCL device runs the kernel (compiled now; a failure is an error, never a quiet
     * switch to Java), {@link ComputeDevice#JAVA_THREADS} runs the Java search on all cores.
     */
    public static OffTargetSearch on(OffTargetSpec spec, ComputeDevice device) {
        return on(spec, device, DEFAULT_PART_SITES, BufferCreation.COPY);
    }

    /** {@link #on(OffTargetSpec, ComputeDevice)} with parts of {@code partSites} sites and the given buffer creation. */
    public static OffTargetSearch on(OffTargetSpec spec, ComputeDevice device, int partSites, BufferCreation creation) {
        if (partSites < 32 || partSites % 32 != 0) {
            throw new IllegalArgumentException("part size must be a positive multiple of 32, got " + partSites);
        }
        SiteMasks masks = new SiteMasks(spec);
        PartSearcher s = device.isOpenCL() ? new GpuPartSearcher(masks, device, partSites, creation)
                : new CpuPartSearcher(masks, Runtime.getRuntime().availableProcessors(), partSites);
        return new OffTargetSearch(spec, masks, s);
    }

    /**
     * A search split over {@code devices}: each part of {@code partSites} sites is cut into shares the devices take as
     * they become free, each device with its own kernel, buffers and host thread ({@link DeviceSetPartSearcher}); the
     * hits are those of one device, in the same order. A set of one device is
     * {@link #on(OffTargetSpec, ComputeDevice, int, BufferCreation)}.
     */
    public static OffTargetSearch on(OffTargetSpec spec, DeviceSet devices, int partSites, BufferCreation creation) {
        if (devices.size() == 1) {
            return on(spec, devices.get(0), partSites, creation);
        }
        if (partSites < 32 || partSites % 32 != 0) {
            throw new IllegalArgumentException("part size must be a positive multiple of 32, got " + partSites);
        }
        SiteMasks masks = new SiteMasks(spec);
        return new OffTargetSearch(spec, masks, DeviceSetPartSearcher.of(masks, devices, partSites, creation));
    }

    /** The Java search on {@code threads} threads, in parts of {@code partSites} sites. */
    public static OffTargetSearch onCpu(OffTargetSpec spec, int threads, int partSites) {
        SiteMasks masks = new SiteMasks(spec);
        return new OffTargetSearch(spec, masks, new CpuPartSearcher(masks, threads, partSites));
    }

    public OffTargetSpec spec() {
        return spec;
    }

    /** Where the search runs, in words. */
    public String engine() {
        return searcher.describe();
    }

    /** Searches {@code genome}; every hit goes to {@code sink} in order (position, query, strand). */
    public Stats run(PackedGenome genome, Consumer<OffTargetHit> sink) {
        long t0 = System.nanoTime();
        int m = spec.length();
        long sites = Math.max(0, genome.length() - m + 1);
        HitList hits = new HitList();
        long total = 0;
        int parts = 0;
        for (long from = 0; from < sites; from += searcher.maxPart()) {
            int count = (int) Math.min(searcher.maxPart(), sites - from);
            hits.clear();
            searcher.search(genome.baseWords(), genome.exceptionWords(), true, from, count, hits);
            parts++;
            hits.sort();
            total += emit(genome, hits, sink);
        }
        return new Stats(sites, total, parts, searcher.deviceNanos(), System.nanoTime() - t0, searcher.describe(),
                spec.strands());
    }

    /**
     * Searches a genome while it is being read: each part as soon as its bases (and the m - 1 after it) are final, so
     * the device works while the reader packs the next parts; once the genome is read, {@code whenRead} gets it (to set
     * up the output: records and sites need it), then the hits go to {@code sink}, in the same order and with the same
     * content as {@link #run(PackedGenome, Consumer)}. Memory: 12 bytes per hit until the end. A read error is thrown
     * as it is.
     */
    public Stats run(GenomeReading reading, Consumer<PackedGenome> whenRead, Consumer<OffTargetHit> sink)
            throws IOException {
        long t0 = System.nanoTime();
        int m = spec.length();
        int part = searcher.maxPart();
        List<HitList> found = new ArrayList<>();
        long from = 0;
        boolean streamed = false; // a part was searched before the end: later parts are copied too
        while (true) {
            long ready = reading.awaitBases(from + part + m - 1);
            boolean done = reading.isDone();
            long sites = Math.max(0, ready - m + 1);
            if (from >= sites) {
                if (done) {
                    break;
                }
                continue;
            }
            int count = (int) Math.min(part, sites - from);
            HitList hits = new HitList();
            streamed |= !done;
            searcher.search(reading.baseWords(), reading.exceptionWords(), !streamed, from, count, hits);
            hits.sort();
            found.add(hits);
            from += count;
        }
        PackedGenome genome = reading.genome();
        whenRead.accept(genome);
        long total = 0;
        for (HitList hits : found) {
            total += emit(genome, hits, sink);
        }
        long sites = Math.max(0, genome.length() - m + 1);
        return new Stats(sites, total, found.size(), searcher.deviceNanos(), System.nanoTime() - t0,
                searcher.describe(), spec.strands());
    }

    private long emit(PackedGenome genome, HitList hits, Consumer<OffTargetHit> sink) {
        int m = spec.length();
        long n = 0;
        int record = 0;
        for (int i = 0; i < hits.size(); i++) {
            long pos = hits.position(i);
            SequenceRecord r = genome.records().get(record);
            if (pos < r.start() || pos >= r.end()) {
                record = genome.recordIndexAt(pos);
                r = genome.records().get(record);
            }
            if (pos + m > r.end()) {
                continue; // spans two records
            }
            int info = hits.info(i);
            sink.accept(new OffTargetHit(pos, record, info >>> 8, (info >>> 7 & 1) == 0 ? '+' : '-', info & 127));
            n++;
        }
        return n;
    }

    @Override
    public void close() {
        searcher.close();
    }
}
