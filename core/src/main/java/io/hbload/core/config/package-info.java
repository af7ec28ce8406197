/**
 * What a run is made of, typed: the immutable {@link io.hbload.core.config.RunSpec} and its parts, the property
 * names and sources (YCSB's vocabulary, merged with YCSB's precedence) and the checks every value and output path
 * goes through. Below {@code binding}: a binding is handed these types; the parser that needs the bindings to finish
 * a spec is one step up, in {@code parse}.
 */
package io.hbload.core.config;
