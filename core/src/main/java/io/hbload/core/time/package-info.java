/**
 * Where the engine's time comes from: a {@link io.hbload.core.time.Clock} handed to whatever waits,
 * paces or stamps, so that the same code runs on the system's clock in a benchmark and on a {@link
 * io.hbload.core.time.VirtualClock} in a test, where a wait of ten seconds costs nothing and
 * happens the same way every time.
 */
package io.hbload.core.time;
