/**
 * The step that applies the rules: {@link GcTuner} turns a {@link io.hbload.gc.TuningInput} into a
 * {@link io.hbload.gc.TuningResult}. Its own package so that the value types in {@code
 * io.hbload.gc}, which the rules and the JDK table use, do not depend back on the rules.
 */
package io.hbload.gc.tune;
