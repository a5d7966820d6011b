package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;
import com.aparapi.internal.model.ClassModel;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The global array fields of a kernel class that Aparapi binds as buffers at every launch (the fields its
 * {@code run()} references, less {@code @Local} and {@code @Constant} arrays), and the download after a launch of
 * those the garbage collector may move ({@link ArrayMobility}), which keeps Aparapi's rebuild of a moved array's
 * buffer from losing device data (see {@link GuardedKernel}).
 *
 * <p>Found once per kernel class from Aparapi's own model of the class (the same one its code generator uses), so the
 * list is exactly the buffers of a launch: a field Aparapi does not bind is never downloaded (Aparapi's {@code get}
 * of an unbound array crashes). Cost after each launch: one reflective read per field and one blocking download of
 * each movable array (its whole length) that the launch may have written ({@link LaunchWrites}).
 */
final class DeviceArrayFields {
    /** No fields: kernels on Java threads share the host arrays. */
    static final DeviceArrayFields NONE = new DeviceArrayFields(List.of());

    /** Per kernel class (Aparapi's model of a class needs an instance: it resolves the class's calls against it). */
    private static final ConcurrentHashMap<Class<?>, DeviceArrayFields> BY_CLASS = new ConcurrentHashMap<>();

    private final List<Field> fields;

    private DeviceArrayFields(List<Field> fields) {
        this.fields = fields;
    }

    /** The bound global arrays of {@code kernel}'s class (computed on its first use; the kernel compiled already). */
    static DeviceArrayFields of(Kernel kernel) {
        return BY_CLASS.computeIfAbsent(kernel.getClass(), c -> find(kernel));
    }

    /**
     * Downloads each bound array of {@code kernel} that the collector may move and that the launch just run may have
     * written (every one, unless the kernel is a {@link LaunchWrites}); returns the arrays downloaded.
     */
    List<Object> downloadMovable(Kernel kernel) {
        List<Object> done = List.of();
        for (Field f : fields) {
            Object array;
            try {
                array = f.get(kernel);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot read kernel field " + f, e);
            }
            if (array != null && ArrayMobility.mayMove(payloadBytes(array))
                    && !(kernel instanceof LaunchWrites w && !w.launchMayWrite(array))) {
                download(kernel, array);
                if (done.isEmpty()) {
                    done = new ArrayList<>(2);
                }
                done.add(array);
            }
        }
        return done;
    }

    /** The field names, in Aparapi's order (for tests and diagnostics). */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (Field f : fields) {
            names.add(f.getName());
        }
        return names;
    }

    /** Bytes of an array's elements. */
    static long payloadBytes(Object array) {
        Class<?> c = array.getClass().getComponentType();
        long width = c == long.class || c == double.class ? 8 : c == int.class || c == float.class ? 4
                : c == char.class ? 2 : 1;
        return width * Array.getLength(array);
    }

    private static void download(Kernel kernel, Object array) {
        if (array instanceof int[] a) {
            kernel.get(a);
        } else if (array instanceof long[] a) {
            kernel.get(a);
        } else if (array instanceof byte[] a) {
            kernel.get(a);
        } else if (array instanceof float[] a) {
            kernel.get(a);
        } else if (array instanceof double[] a) {
            kernel.get(a);
        } else if (array instanceof char[] a) {
            kernel.get(a);
        } else if (array instanceof boolean[] a) {
            kernel.get(a);
        }
    }

    private static DeviceArrayFields find(Kernel kernel) {
        List<Field> found = new ArrayList<>();
        try {
            for (Field f : ClassModel.createClassModel(kernel.getClass()).getEntrypoint("run", kernel)
                    .getReferencedFields()) {
                if (f.getType().isArray() && f.getType().getComponentType().isPrimitive()
                        && f.getType().getComponentType() != short.class // Aparapi 3.0.2 has no get(short[])
                        && f.getAnnotation(Kernel.Local.class) == null && f.getAnnotation(Kernel.Constant.class) == null
                        && !f.getName().endsWith(Kernel.LOCAL_SUFFIX) && !f.getName().endsWith(Kernel.CONSTANT_SUFFIX)) {
                    f.setAccessible(true);
                    found.add(f);
                }
            }
        } catch (Exception e) {
            throw new KernelCompilationException("cannot list the array fields of " + kernel.getClass().getSimpleName()
                    + ": " + e.getMessage(), GuardedKernel.openClSourceOf(kernel), e);
        }
        return new DeviceArrayFields(List.copyOf(found));
    }
}
