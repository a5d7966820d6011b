/**
 * Approximate matching with at most k mismatches on OpenCL devices through Aparapi: the variants of Liu et al.
 * (thread, block-thread, opt-block-thread), a bit-parallel kernel, a multi-core CPU peer and a planner.
 */
package org.gpumatch.kmismatch;
