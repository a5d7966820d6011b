package org.gpumatch.gpu.primitives;

/** The argument checks every host driver of this package makes before it launches anything. */
final class DriverArguments {
    private DriverArguments() {
    }

    /**
     * @throws IllegalArgumentException when {@code slot} is below 1 (slot 0 means "no call") or {@code count} is
     *                                  negative
     */
    static void checkSlotAndCount(int slot, int count) {
        if (slot < 1) {
            throw new IllegalArgumentException("slot must be at least 1: " + slot);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
    }
}
