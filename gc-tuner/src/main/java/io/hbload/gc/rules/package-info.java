/**
 * The tuning rules, one class each, as pure functions of {@link io.hbload.gc.TuningInput}. Each
 * class names its source (the 2014 Intel post, HotSpot source, JDK bug, HBase/Cloudera docs) in
 * {@code SOURCE}, which {@code --explain} prints. {@link io.hbload.gc.tune.GcTuner} runs them in
 * command-line order.
 */
package io.hbload.gc.rules;
