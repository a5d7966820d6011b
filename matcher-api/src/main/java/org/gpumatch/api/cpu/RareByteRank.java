package org.gpumatch.api.cpu;

/**
 * A fixed estimate of how common each byte value is in typical files (text, source code, binaries, DNA), in the style
 * of the memchr crate's rare-byte heuristic: the searcher probes the pattern bytes with the lowest ranks
 * ({@link ProbeChoice}) and verifies the whole pattern where they all match. Cost: O(1) per lookup; memory: a 256-entry
 * table shared by all.
 */
final class RareByteRank {
    private static final int[] RANK = buildRanks();

    private RareByteRank() {
    }

    /** The frequency rank of byte value {@code b} (0..255): higher means more common. */
    static int rank(int b) {
        return RANK[b & 0xFF];
    }

    private static int[] buildRanks() {
        int[] rank = new int[256];
        for (int b = 0; b < 256; b++) {
            rank[b] = b >= 0x80 ? 10 : 20; // high bytes and control characters: rare
        }
        for (int b = '!'; b <= '~'; b++) {
            rank[b] = 60; // punctuation
        }
        for (int b = 'A'; b <= 'Z'; b++) {
            rank[b] = 90;
        }
        for (int b = '0'; b <= '9'; b++) {
            rank[b] = 100;
        }
        String common = "zqxjkvbpygfwmucldrhsnioate"; // ascending English letter frequency
        for (int i = 0; i < common.length(); i++) {
            rank[common.charAt(i)] = 120 + 4 * i;
        }
        for (char c : "ACGTN".toCharArray()) {
            rank[c] = 200; // DNA
        }
        rank['\n'] = 210;
        rank['\t'] = 150;
        rank['\r'] = 140;
        rank[' '] = 255;
        rank[0x00] = 250;
        rank[0xFF] = 180;
        return rank;
    }
}
