package org.gpumatch.aparapi;

import org.gpumatch.aparapi.plan.Calibration;
import org.gpumatch.aparapi.plan.CostPlan;
import org.gpumatch.aparapi.plan.CostPlanner;
import org.gpumatch.aparapi.plan.CrossoverTable;
import org.gpumatch.aparapi.plan.Workload;
import org.gpumatch.aparapi.rabinkarp.OneShotFileSearch;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Plan;

/**
 * Chooses an exact-matching algorithm for (n, m, sigma, device) when the user says {@code -a auto}.
 *
 * <p>{@link #plan(long, int, int, ComputeDevice)} picks the device algorithm by the crossover table of the device
 * ({@link CrossoverTable#of}: the H100's rules, or the H200's): no OpenCL device gives sequential Rabin-Karp on the
 * CPU; else the table's first algorithm that takes the input (H100: DRK-WOM-32 for m &lt;= 32 / sigma, DRK-WOM-64 up
 * to two packed words, DRK-2S beyond; H200: DRK-2S); when none does, sequential Rabin-Karp.
 *
 * <p>{@link #planByCost} weighs that device algorithm against the CPU matcher by estimated end-to-end time
 * ({@link CostPlanner}) with the device's {@link Calibration}; for a {@link Workload#overlapped() overlapped} workload
 * the device algorithms are those {@link OneShotFileSearch} takes (any file size: it searches chunk by chunk).
 */
public final class Planner {
    private Planner() {
    }

    /** The device algorithm for a text of n bytes and a pattern of m bytes over sigma-bit symbols on {@code device}. */
    public static Plan plan(long n, int m, int sigma, ComputeDevice device) {
        if (!device.isOpenCL()) {
            return new Plan(Algorithm.SRK, "Java (this thread)",
                    "no OpenCL device: sequential Rabin-Karp beats kernels emulated in Java threads");
        }
        CrossoverTable table = CrossoverTable.of(device);
        for (Algorithm a : table.order(m, sigma)) {
            if (ExactMatchers.unsupportedReason(a, n, m, sigma, device).isEmpty()) {
                return new Plan(a, device.describe(), table.reason(a, m, sigma));
            }
        }
        return new Plan(Algorithm.SRK, "Java (this thread)",
                "m = " + m + ": no device algorithm takes this input");
    }

    /**
     * The cheaper of the CPU matcher and the device algorithm for {@code workload} on {@code device}, by the rates of
     * {@link Calibration#forDevice} (reads at most one small file).
     */
    public static CostPlan planByCost(Workload workload, ComputeDevice device) {
        return planByCost(workload, device, Calibration.forDevice(device));
    }

    /** As {@link #planByCost(Workload, ComputeDevice)} with the given rates. */
    public static CostPlan planByCost(Workload workload, ComputeDevice device, Calibration calibration) {
        Calibration c = device.isOpenCL() ? calibration : Calibration.builtIn(device);
        CostPlanner.Capability capability = workload.overlapped()
                ? (a, n, m, sigma) -> OneShotFileSearch.unsupportedReason(a, m, sigma,
                        OneShotFileSearch.configuredBufferBytes())
                : (a, n, m, sigma) -> ExactMatchers.unsupportedReason(a, n, m, sigma, device);
        return new CostPlanner(c, capability, device.describe()).plan(workload);
    }
}
