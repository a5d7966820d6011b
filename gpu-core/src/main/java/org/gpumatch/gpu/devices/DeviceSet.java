package org.gpumatch.gpu.devices;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DeviceUnavailableException;

/**
 * The OpenCL devices one job is split across, in the order given, each with its index in {@link DeviceCatalog}'s list
 * (the index {@code gpumatch devices} prints). A device may appear twice: it then gets two kernel instances and two
 * host threads (how the tests split work on one PoCL device; on a GPU it can overlap one instance's upload with the
 * other's kernel).
 *
 * <p>{@link #parse} reads what {@code --devices} takes:
 * <ul>
 *   <li>{@code all}: every OpenCL GPU, or every OpenCL device when there is no GPU (PoCL's CPU devices in CI); a CPU
 *       device beside GPUs (PoCL installed on a GPU host) joins only when named, since the slowest device of a set
 *       sets the time of the last parts;</li>
 *   <li>a comma-separated list of items: a number is the device of that index; a word is every device whose name or
 *       platform contains it, case-insensitive ({@code h200}, {@code pocl}), as {@code --device} matches one.</li>
 * </ul>
 * Java threads are not a member: the set runs kernels on OpenCL devices only ({@code --device java} stays the way to
 * run them in Java threads).
 */
public final class DeviceSet {
    /** What {@code --devices} takes, for messages and help. */
    public static final String SYNTAX = "all, or a comma-separated list of device indexes and names as "
            + "'gpumatch devices' lists them (e.g. 0,1 or h200)";

    private final List<ComputeDevice> devices;
    private final int[] catalogIndexes;

    private DeviceSet(List<ComputeDevice> devices, int[] catalogIndexes) {
        if (devices.isEmpty()) {
            throw new IllegalArgumentException("a device set needs at least one device");
        }
        this.devices = List.copyOf(devices);
        this.catalogIndexes = catalogIndexes;
    }

    /**
     * A set of the given devices in this order (repeats allowed); indexes are looked up in {@link DeviceCatalog#get()}
     * (-1 for a device it does not list).
     *
     * @throws IllegalArgumentException for an empty list or Java threads
     */
    public static DeviceSet of(List<ComputeDevice> devices) {
        List<ComputeDevice> catalog = devices.stream().allMatch(ComputeDevice::isOpenCL)
                ? DeviceCatalog.get().openClDevices() : List.of();
        int[] idx = new int[devices.size()];
        for (int i = 0; i < idx.length; i++) {
            ComputeDevice d = Objects.requireNonNull(devices.get(i), "device");
            if (!d.isOpenCL()) {
                throw new IllegalArgumentException("a device set holds OpenCL devices; " + d.describe()
                        + " is not one (--device java runs the kernels in Java threads)");
            }
            idx[i] = catalog.indexOf(d);
        }
        return new DeviceSet(devices, idx);
    }

    /** A set of one device. */
    public static DeviceSet of(ComputeDevice device) {
        return of(List.of(device));
    }

    /**
     * The devices {@code spec} names among {@code catalog}'s ({@link #SYNTAX}).
     *
     * @throws DeviceUnavailableException when the catalog has no OpenCL device, an index is out of range or a name
     *                                    matches nothing; the message lists the devices there are
     * @throws IllegalArgumentException   for an empty item or {@code java}
     */
    public static DeviceSet parse(String spec, DeviceCatalog catalog) {
        List<ComputeDevice> all = catalog.openClDevices();
        if (all.isEmpty()) {
            throw new DeviceUnavailableException("--devices " + spec + ": no OpenCL device ("
                    + catalog.openClUnavailableReason().orElse("none listed") + ")");
        }
        List<ComputeDevice> chosen = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        String trimmed = spec.strip();
        if (trimmed.equalsIgnoreCase("all")) {
            boolean gpus = all.stream().anyMatch(d -> d.kind() == ComputeDevice.Kind.OPENCL_GPU);
            for (int i = 0; i < all.size(); i++) {
                if (!gpus || all.get(i).kind() == ComputeDevice.Kind.OPENCL_GPU) {
                    chosen.add(all.get(i));
                    indexes.add(i);
                }
            }
            return new DeviceSet(chosen, indexes.stream().mapToInt(Integer::intValue).toArray());
        }
        for (String raw : trimmed.split(",", -1)) {
            String item = raw.strip().toLowerCase(Locale.ROOT);
            if (item.isEmpty()) {
                throw new IllegalArgumentException("--devices " + spec + ": an empty item; " + SYNTAX);
            }
            if (item.equals("java")) {
                throw new IllegalArgumentException("--devices " + spec + ": java is not an OpenCL device "
                        + "(--device java runs the kernels in Java threads)");
            }
            if (item.chars().allMatch(Character::isDigit)) {
                int i = item.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(item);
                if (i >= all.size()) {
                    throw new DeviceUnavailableException("--devices " + spec + ": no device " + item + " (indexes 0-"
                            + (all.size() - 1) + "); " + listing(all));
                }
                chosen.add(all.get(i));
                indexes.add(i);
                continue;
            }
            int before = chosen.size();
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).nameContains(item)) {
                    chosen.add(all.get(i));
                    indexes.add(i);
                }
            }
            if (chosen.size() == before) {
                throw new DeviceUnavailableException("--devices " + spec + ": no OpenCL device whose name contains \""
                        + item + "\"; " + listing(all));
            }
        }
        return new DeviceSet(chosen, indexes.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The devices with their indexes, for error messages: {@code available: 0 OpenCL GPU ...; 1 ...}. */
    static String listing(List<ComputeDevice> all) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            items.add(i + " " + all.get(i).describe());
        }
        return "available: " + String.join("; ", items);
    }

    /** The number of members (a device listed twice counts twice). */
    public int size() {
        return devices.size();
    }

    /** Member {@code i}. */
    public ComputeDevice get(int i) {
        return devices.get(i);
    }

    /** The members in order. */
    public List<ComputeDevice> devices() {
        return devices;
    }

    /** Member {@code i}'s index in the catalog's list (as {@code gpumatch devices} prints it), or -1. */
    public int catalogIndex(int i) {
        return catalogIndexes[i];
    }

    /**
     * How errors and {@code --explain} name member {@code i}: {@code device 1 (OpenCL GPU NVIDIA H200 (NVIDIA CUDA))},
     * the index being the catalog's; the second member on a device listed twice is {@code device 0, instance 2 (...)}.
     */
    public String label(int i) {
        int idx = catalogIndexes[i];
        String name = idx >= 0 ? "device " + idx : "device";
        int earlier = 0;
        for (int j = 0; j < i; j++) {
            if (devices.get(j).equals(devices.get(i))) {
                earlier++;
            }
        }
        String instance = earlier == 0 ? "" : ", instance " + (earlier + 1);
        return name + instance + " (" + devices.get(i).describe() + ")";
    }

    /** The labels of every member, joined by {@code ", "}. */
    public String describe() {
        return java.util.stream.IntStream.range(0, size()).mapToObj(this::label).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return describe();
    }
}
