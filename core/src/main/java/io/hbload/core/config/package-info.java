/**
 * First step of the flow: properties (YCSB's vocabulary, merged with YCSB's precedence) become validated,
 * immutable {@link io.hbload.core.config.RunSpec}s. The only code that reads property strings.
 */
package io.hbload.core.config;
