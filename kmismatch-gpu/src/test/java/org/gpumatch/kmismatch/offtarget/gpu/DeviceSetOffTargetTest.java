package org.gpumatch.kmismatch.offtarget.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gpumatch.gpu.devices.DeviceFailedException;
import org.gpumatch.gpu.devices.DeviceSet;
import org.gpumatch.gpu.devices.TestDeviceSets;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.kmismatch.offtarget.HitList;
import org.gpumatch.kmismatch.offtarget.OffTargetSpec;
import org.gpumatch.kmismatch.offtarget.PartSearcher;
import org.gpumatch.kmismatch.offtarget.SiteMasks;
import org.gpumatch.sequence.PackedGenome;
import org.junit.jupiter.api.Test;

/**
 * The off-target search split over two devices (two PoCL devices where the runtime lists them, else two kernel
 * instances on one) against the naive search: random genomes of several records (some shorter than the pattern, so
 * shorter than a share's m - 1 overlap), parts from 32 sites, shares from one 32-site word, so hits fall on every
 * share and part boundary, parts with fewer words than members (a member gets none), empty genomes; and a member that
 * fails is named.
 */
class DeviceSetOffTargetTest {
    @Test
    void sharesOfEveryPartAgreeWithTheNaiveSearch() {
        DeviceSet pair = TestDeviceSets.pair();
        Random rnd = new Random(26);
        int[] parts = {32, 64, 96, 288, 1024, 4096, 1 << 20};
        for (int trial = 0; trial < 30; trial++) {
            OffTargetSearchTest.Case c = trial % 3 == 0
                    ? OffTargetSearchTest.randomCase(rnd, trial < 20 ? 1500 : 9000).plain()
                    : OffTargetSearchTest.randomCase(rnd, trial < 20 ? 1500 : 9000);
            int part = parts[trial % parts.length];
            SiteMasks masks = new SiteMasks(c.spec());
            DeviceSetPartSearcher set = new DeviceSetPartSearcher(pair,
                    d -> new GpuPartSearcher(masks, d, part, BufferCreation.COPY), part, 32);
            try (OffTargetSearch s = new OffTargetSearch(c.spec(), masks, set)) {
                assertThat(OffTargetSearchTest.run(s, c.genome())).as("trial %d, parts of %d, %s on %s", trial, part,
                        c.pattern(), pair).isEqualTo(c.expected());
            }
        }
    }

    @Test
    void aFailingMemberIsNamedNeverASilentPartialAnswer() {
        DeviceSet pair = TestDeviceSets.pair();
        OffTargetSearchTest.Case c = OffTargetSearchTest.randomCase(new Random(5), 9000);
        while (c.genome().length() < 4000) {
            c = OffTargetSearchTest.randomCase(new Random(c.genome().length() + 1), 9000);
        }
        OffTargetSearchTest.Case big = c;
        SiteMasks masks = new SiteMasks(big.spec());
        int[] made = {0};
        CountDownLatch failed = new CountDownLatch(1);
        DeviceSetPartSearcher set = new DeviceSetPartSearcher(pair, d -> {
            PartSearcher real = new GpuPartSearcher(masks, d, 1 << 20, BufferCreation.COPY);
            return new WrappedSearcher(real, made[0]++ == 1, failed); // member 0 waiting and healthy, member 1 failing
        }, 1 << 20, 32);
        try (OffTargetSearch s = new OffTargetSearch(big.spec(), masks, set)) {
            PackedGenome g = big.genome();
            assertThatThrownBy(() -> s.run(g, hit -> { })).isInstanceOf(DeviceFailedException.class)
                    .hasMessageContaining(pair.label(1)).hasMessageContaining("CL_OUT_OF_RESOURCES");
        }
    }

    /**
     * A member that fails at its first share, as a device that runs out of resources mid-run, or a healthy one whose
     * shares wait until the failing one has failed, so that the failing one surely takes a share (a part has 8 shares
     * and the healthy one holds one while it waits). A sleep instead of the wait left it to the scheduler: a loaded
     * machine could keep the failing member's thread off the CPU until the healthy one had taken every share. The wait
     * of minutes only keeps a broken scheduler from hanging the build.
     */
    private static final class WrappedSearcher implements PartSearcher {
        private final PartSearcher real;
        private final boolean fails;
        private final CountDownLatch failed;

        WrappedSearcher(PartSearcher real, boolean fails, CountDownLatch failed) {
            this.real = real;
            this.fails = fails;
            this.failed = failed;
        }

        @Override
        public void search(int[] baseWords, int[] exceptionWords, boolean settled, long from, int count, HitList out) {
            if (fails) {
                failed.countDown();
                throw new IllegalStateException("clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES");
            }
            try {
                failed.await(5, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            real.search(baseWords, exceptionWords, settled, from, count, out);
        }

        @Override
        public int maxPart() {
            return real.maxPart();
        }

        @Override
        public long deviceNanos() {
            return -1;
        }

        @Override
        public String describe() {
            return fails ? "failing" : real.describe();
        }

        @Override
        public void close() {
            real.close();
        }
    }

    @Test
    void describeNamesEveryMember() {
        DeviceSet pair = TestDeviceSets.pair();
        OffTargetSpec spec = new OffTargetSpec("NNNNNNNNNNNNNNNNNNNNNGG", List.of("GGCCGACCTGTCGCTGACGCNNN"), List.of(3));
        try (DeviceSetPartSearcher s = DeviceSetPartSearcher.of(new SiteMasks(spec), pair, 1 << 20,
                BufferCreation.COPY)) {
            assertThat(s.describe()).contains("2 devices").contains(pair.label(0)).contains(pair.label(1))
                    .contains("0 shares");
        }
    }
}
