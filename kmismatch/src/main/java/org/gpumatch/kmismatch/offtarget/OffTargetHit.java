package org.gpumatch.kmismatch.offtarget;

/**
 * One off-target site: the 0-based leftmost genome position of the site on the forward strand (in the
 * {@link org.gpumatch.sequence.PackedGenome}'s concatenation; subtract the record's start for Cas-OFFinder's Location),
 * the record's index, the query's index, the strand ({@code '+'} or {@code '-'}) and the mismatches.
 */
public record OffTargetHit(long position, int record, int query, char strand, int mismatches) {
}
