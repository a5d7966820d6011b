package org.gpumatch.aparapi;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.gpumatch.aparapi.plan.Calibration;
import org.gpumatch.aparapi.plan.CostPlan;
import org.gpumatch.aparapi.plan.CostPlanner;
import org.gpumatch.aparapi.plan.Workload;
import org.gpumatch.api.Algorithm;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Plan;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;

/**
 * The plans and matchers of a {@link Search}: resolves the device (an {@code auto} policy only when a plan needs one),
 * plans a workload by cost or checks the forced algorithm ({@link #decide}), explains the plan and tells a pending
 * notice ({@link #announce}), and keeps one matcher per algorithm for later queries. Memory: the matchers it made
 * (their device copies of the last text). Not thread-safe.
 */
final class SearchPlans implements AutoCloseable {
    /** A plan and the explain lines after its "plan:" and "why:" lines. */
    record Decision(Plan plan, List<String> lines) {
    }

    /** The device, or null until a plan needs it (an {@code auto} policy not yet resolved). */
    private ComputeDevice device;
    private final DevicePolicy policy;
    private final Algorithm forced;
    private final Consumer<String> explain;
    private final Consumer<String> notices;
    private Calibration calibration;
    private final Map<Algorithm, Matcher> matchers = new EnumMap<>(Algorithm.class);
    private Plan lastPlan;
    /** What {@code auto} settled for when it found no OpenCL device, told once to the notices. */
    private String pendingNotice = "";

    SearchPlans(ComputeDevice device, DevicePolicy policy, Algorithm forced, Calibration calibration,
                Consumer<String> explain, Consumer<String> notices) {
        this.device = device;
        this.policy = policy;
        this.forced = forced;
        this.calibration = calibration;
        this.explain = explain;
        this.notices = notices;
    }

    /** The forced algorithm, or null when {@code auto} plans. */
    Algorithm forced() {
        return forced;
    }

    /** Whether the device is known (an {@code auto} policy resolved, or a device given). */
    boolean deviceResolved() {
        return device != null;
    }

    /** What the last search ran, or null before the first. */
    Plan lastPlan() {
        return lastPlan;
    }

    /** Whether the last plan ran on a device (so the text it searched whole is on the device). */
    boolean lastRanOnDevice() {
        return lastPlan != null && !lastPlan.algorithm().runsOnHost();
    }

    /**
     * Plans (or checks the forced algorithm) for {@code w}, explains the plan, and returns the open matcher.
     *
     * @param within how the input is split, for the capability error ("in chunks of ..."), or null
     */
    Matcher matcherFor(Workload w, String within) {
        return matcherOf(announce(decide(w, within)));
    }

    /** The matcher that runs {@code plan}, made on first use and kept for later queries. */
    Matcher matcherOf(Plan plan) {
        ComputeDevice d = deviceFor(plan.algorithm());
        return matchers.computeIfAbsent(plan.algorithm(), a -> ExactMatchers.create(a, d, plan.reason()));
    }

    /**
     * Plans (or checks the forced algorithm) for {@code w} without printing anything.
     *
     * @param within how the input is split, for the capability error ("in chunks of ..."), or null
     */
    Decision decide(Workload w, String within) {
        if (forced != null) {
            return forcedPlan(w, within);
        }
        if (device == null && w.state() != Workload.TextState.DEVICE && w.n() < CostPlanner.CPU_WITHOUT_DEVICE_BELOW) {
            return new Decision(new Plan(CostPlanner.cpuAlgorithm(), "CPU", "n = " + w.n() + " bytes < "
                    + CostPlanner.CPU_WITHOUT_DEVICE_BELOW + ": the CPU matcher wins on every built-in table, so no "
                    + "OpenCL device was listed"), List.of("estimates: none needed (OpenCL not initialised; --device "
                    + "opencl or a forced algorithm plans against a device)"));
        }
        ComputeDevice d = device();
        CostPlan cost = Planner.planByCost(w, d, calibration != null ? calibration
                : (calibration = Calibration.forDevice(d)));
        List<String> lines = new ArrayList<>();
        lines.add("device: " + d.describe());
        lines.addAll(cost.explainLines());
        return new Decision(cost.plan(), lines);
    }

    /** The forced algorithm's plan, or the error naming the algorithms that can take {@code w}. */
    private Decision forcedPlan(Workload w, String within) {
        ComputeDevice d = deviceFor(forced);
        Optional<String> why = w.overlapped() ? Optional.empty()
                : ExactMatchers.unsupportedReason(forced, w.n(), w.m(), w.sigma(), d);
        if (why.isPresent()) {
            List<Algorithm> capable = ExactMatchers.capable(w.n(), w.m(), w.sigma(), device());
            throw new IllegalArgumentException(forced.cliName() + " cannot search this input"
                    + (within == null ? "" : " " + within) + ": " + why.get() + "; algorithms that can: "
                    + (capable.isEmpty() ? "none" : ExactMatchers.names(capable)));
        }
        return new Decision(new Plan(forced, forced.runsOnHost() ? "CPU" : d.describe(), "forced: "
                + forced.cliName()), List.of());
    }

    /** Makes {@code d} the last plan, explains it and tells a pending notice; returns its plan. */
    Plan announce(Decision d) {
        Plan plan = d.plan();
        lastPlan = plan;
        if (explain != null) {
            explain.accept("plan: " + plan.algorithm().cliName() + " on " + plan.device());
            explain.accept("why: " + plan.reason());
            d.lines().forEach(explain);
        }
        if (!pendingNotice.isEmpty() && notices != null) {
            notices.accept(pendingNotice + (plan.algorithm().runsOnHost()
                    ? "; searching on the CPU with " + plan.algorithm().cliName()
                    : "; running " + plan.algorithm().cliName() + " in Java threads"));
        }
        pendingNotice = "";
        return plan;
    }

    /** The device, resolving an {@code auto} policy now (listing the OpenCL devices) if not yet done. */
    ComputeDevice device() {
        if (device == null) {
            DeviceCatalog.Selection s = DeviceCatalog.get().select(policy);
            device = s.device();
            pendingNotice = s.notice();
        }
        return device;
    }

    /** The device {@code a} runs on: a host algorithm needs none, so an unresolved one stays unresolved. */
    ComputeDevice deviceFor(Algorithm a) {
        return a.runsOnHost() && device == null ? ComputeDevice.JAVA_THREADS : device();
    }

    @Override
    public void close() {
        matchers.values().forEach(Matcher::close);
        matchers.clear();
    }
}
