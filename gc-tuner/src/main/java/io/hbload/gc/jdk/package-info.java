/**
 * What the target JDK accepts: {@link io.hbload.gc.JdkRelease} (feature number and the behaviours
 * that changed between 8 and 25), {@link FlagTable} (status of each flag the rules emit, verified
 * on real JVMs, see docs/g1-tuner.md section 1) and {@link io.hbload.gc.jdk.JavaVersionProbe} (asks
 * a {@code java} binary its version). The rules consult this package so they never emit a flag the
 * target rejects.
 */
package io.hbload.gc.jdk;
