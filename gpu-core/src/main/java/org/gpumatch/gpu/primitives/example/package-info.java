/**
 * An example pipeline that composes gpu-core's primitives on its own buffers: {@link
 * org.gpumatch.gpu.primitives.example.DenseRank} (keys, radix sort of pairs, head flags, scan, select, scatter of
 * ranks) over the kernel {@link org.gpumatch.gpu.primitives.example.DenseRankPipeline}. It lives in a package of its
 * own so that it uses only the public and protected API a pipeline in another module sees.
 */
package org.gpumatch.gpu.primitives.example;
