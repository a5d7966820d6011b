/**
 * Several devices on one job: a {@link org.gpumatch.gpu.devices.DeviceSet} (what {@code --devices all|LIST} names),
 * the numbered parts a job is cut into ({@link org.gpumatch.gpu.devices.PartSplit}) and
 * {@link org.gpumatch.gpu.devices.DeviceWorkers}, which feeds each device from its own host thread, takes parts in
 * the order devices become free (so a faster device searches more of them) and hands the results back in part order,
 * as one device would have produced them. A device that fails is a {@link org.gpumatch.gpu.devices.DeviceFailedException}
 * naming it; no part's result is dropped silently.
 */
package org.gpumatch.gpu.devices;
