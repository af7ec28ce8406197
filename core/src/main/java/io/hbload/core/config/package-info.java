/**
 * What a run is made of, typed: the immutable parts of a spec ({@link
 * io.hbload.core.config.WorkloadSpec}, {@link Execution}, {@link io.hbload.core.config.Outputs},
 * ...), the property names and sources (YCSB's vocabulary, merged with YCSB's precedence) and the
 * checks every value and output path goes through. Below {@code binding}: a binding is handed these
 * types; the whole spec, which holds the resolved binding, is one step up, in {@code spec}, and the
 * parser that builds it in {@code parse}.
 */
package io.hbload.core.config;
