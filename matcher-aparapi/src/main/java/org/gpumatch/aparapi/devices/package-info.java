/**
 * Exact and multi-pattern matching split across a {@link org.gpumatch.gpu.devices.DeviceSet}: a text is cut into
 * parts that overlap by m - 1 bytes (the longest pattern's, for a pattern set), each device searches the parts it
 * takes with its own matcher (its own kernels, buffers and host thread), and the answers are merged in the order one
 * device gives them.
 */
package org.gpumatch.aparapi.devices;
