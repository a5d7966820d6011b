package org.gpumatch.gpu.primitives;

/**
 * Integer addition as a scan operator (width 1, identity 0): the static helper {@link #add} that a kernel's
 * {@link GroupScanKernel#combine} override calls, and, as an instance ({@link #OPERATOR}), its pure-Java twin.
 *
 * <p>Plain 32-bit {@code int} addition. Signed overflow is undefined behaviour in OpenCL C (it wrapped on PoCL as in
 * Java), so callers keep sums below 2^31: counts of matches, offsets into arrays.
 *
 * <p>No nested classes here on purpose: Aparapi parses the class of every static helper a kernel calls, and its parser
 * warns about the NestMembers attribute of Java 11+ classes with nested classes.
 */
public final class IntAddOp implements ScanOperator {
    /** The operator for {@link ScanReference}: lane 0 is {@code a0 + b0}. */
    public static final IntAddOp OPERATOR = new IntAddOp();

    private IntAddOp() {
    }

    /** {@code a + b}; callable from kernels. */
    public static int add(int a, int b) {
        return a + b;
    }

    @Override
    public int width() {
        return 1;
    }

    @Override
    public int identity(int lane) {
        return 0;
    }

    @Override
    public int combine(int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return add(a0, b0);
    }

    @Override
    public String toString() {
        return "int add";
    }
}
