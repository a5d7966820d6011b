package org.gpumatch.gpu.primitives;

/**
 * The comparison of a select-by-predicate: an element {@code x} is selected when {@code x (op) operand}, compared as
 * signed 64-bit integers (int elements are widened). The {@code CODE_*} constants are the codes the device sees.
 */
public enum Comparison {
    /** {@code x < operand}. */
    LESS(Comparison.CODE_LT),
    /** {@code x <= operand}. */
    LESS_OR_EQUAL(Comparison.CODE_LE),
    /** {@code x > operand}. */
    GREATER(Comparison.CODE_GT),
    /** {@code x >= operand}. */
    GREATER_OR_EQUAL(Comparison.CODE_GE),
    /** {@code x == operand}. */
    EQUAL(Comparison.CODE_EQ),
    /** {@code x != operand}. */
    NOT_EQUAL(Comparison.CODE_NE);

    static final int CODE_LT = 0;
    static final int CODE_LE = 1;
    static final int CODE_GT = 2;
    static final int CODE_GE = 3;
    static final int CODE_EQ = 4;
    static final int CODE_NE = 5;

    private final int code;

    Comparison(int code) {
        this.code = code;
    }

    int code() {
        return code;
    }

    /** Whether {@code x (this) operand}; the host twin of the device test. */
    public boolean holds(long x, long operand) {
        return code == CODE_LT ? x < operand : code == CODE_LE ? x <= operand : code == CODE_GT ? x > operand
                : code == CODE_GE ? x >= operand : code == CODE_EQ ? x == operand : x != operand;
    }
}
