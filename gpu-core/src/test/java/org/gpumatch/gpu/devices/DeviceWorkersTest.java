package org.gpumatch.gpu.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/** The scheduling and failure contract of {@link DeviceWorkers}, with plain Java workers (no kernel launched). */
class DeviceWorkersTest {
    /** A worker that answers part p with p * 10 + its member number, slowly when told, failing on one part. */
    static final class FakeWorker implements AutoCloseable {
        final int member;
        final long sleepMillis;
        final int failOn;
        boolean closed;

        FakeWorker(int member, long sleepMillis, int failOn) {
            this.member = member;
            this.sleepMillis = sleepMillis;
            this.failOn = failOn;
        }

        long search(int part) throws InterruptedException {
            Thread.sleep(sleepMillis);
            if (part == failOn) {
                throw new IllegalStateException("CL_OUT_OF_RESOURCES in part " + part);
            }
            return part * 10L;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static DeviceSet twiceOnOne() {
        ComputeDevice d = TestDevices.openCl();
        return DeviceSet.of(List.of(d, d));
    }

    @Test
    void resultsArriveInPartOrderAndAFasterMemberTakesMoreParts() {
        AtomicInteger made = new AtomicInteger();
        try (DeviceWorkers<FakeWorker> w = new DeviceWorkers<>(twiceOnOne(),
                d -> new FakeWorker(made.get(), made.getAndIncrement() == 0 ? 1 : 12, -1))) {
            for (int parts : new int[] {0, 1, 2, 3, 40}) {
                List<Long> got = new ArrayList<>();
                List<Integer> order = new ArrayList<>();
                DeviceWorkers.Shares s = w.run(parts, FakeWorker::search, (p, r) -> {
                    order.add(p);
                    got.add(r);
                });
                for (int p = 0; p < parts; p++) {
                    assertThat(order.get(p)).isEqualTo(p);
                    assertThat(got.get(p)).isEqualTo(p * 10L);
                }
                assertThat(order).hasSize(parts);
                assertThat(s.parts()[0] + s.parts()[1]).isEqualTo(parts);
                if (parts == 40) {
                    assertThat(s.parts()[0]).isGreaterThan(s.parts()[1]);
                    assertThat(s.describe(w.devices())).contains("device ").contains("instance 2").contains("parts");
                }
            }
        }
    }

    @Test
    void aFailingMemberIsNamedAndNothingAfterItsPartIsDelivered() {
        AtomicInteger made = new AtomicInteger();
        DeviceSet set = twiceOnOne();
        List<FakeWorker> workers = new ArrayList<>();
        try (DeviceWorkers<FakeWorker> w = new DeviceWorkers<>(set, d -> {
            FakeWorker f = new FakeWorker(made.get(), 2, made.getAndIncrement() == 1 ? 5 : -1);
            workers.add(f);
            return f;
        })) {
            List<Integer> delivered = new ArrayList<>();
            // member 1 fails on part 5 if it takes it; make it take every odd part by running member 0 slowly? Any
            // schedule: part 5 is taken by one member; if member 0 took it the run succeeds, so loop until it fails.
            boolean failed = false;
            for (int attempt = 0; attempt < 50 && !failed; attempt++) {
                delivered.clear();
                try {
                    w.run(12, FakeWorker::search, (p, r) -> delivered.add(p));
                } catch (DeviceFailedException e) {
                    failed = true;
                    assertThat(e.device()).isEqualTo(set.label(1));
                    assertThat(e).hasMessageContaining(set.label(1)).hasMessageContaining("part 5")
                            .hasMessageContaining("CL_OUT_OF_RESOURCES");
                    assertThat(delivered).isEqualTo(List.of(0, 1, 2, 3, 4).subList(0, delivered.size()));
                }
            }
            assertThat(failed).as("member 1 took part 5 in one of 50 runs").isTrue();
        }
        assertThat(workers).allMatch(f -> f.closed);
    }

    @Test
    void aWorkerThatCannotBeMadeIsNamedAndTheOthersAreClosed() {
        DeviceSet set = twiceOnOne();
        List<FakeWorker> made = new ArrayList<>();
        assertThatThrownBy(() -> new DeviceWorkers<>(set, d -> {
            if (made.size() == 1) {
                throw new IllegalStateException("kernel did not compile");
            }
            FakeWorker f = new FakeWorker(0, 0, -1);
            made.add(f);
            return f;
        })).isInstanceOf(DeviceFailedException.class).hasMessageContaining(set.label(1))
                .hasMessageContaining("kernel did not compile");
        assertThat(made).hasSize(1).allMatch(f -> f.closed);
    }

    @Test
    void anExceptionOfTheSinkStopsTheRunAndIsRethrown() {
        try (DeviceWorkers<FakeWorker> w = new DeviceWorkers<>(twiceOnOne(), d -> new FakeWorker(0, 1, -1))) {
            assertThatThrownBy(() -> w.run(20, FakeWorker::search, (p, r) -> {
                if (p == 3) {
                    throw new UnsupportedOperationException("stdout closed");
                }
            })).isInstanceOf(UnsupportedOperationException.class);
            List<Integer> again = new ArrayList<>();
            w.run(4, FakeWorker::search, (p, r) -> again.add(p));
            assertThat(again).containsExactly(0, 1, 2, 3);
        }
    }
}
