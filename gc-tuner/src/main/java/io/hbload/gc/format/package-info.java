/**
 * Renders a {@link io.hbload.gc.TuningResult}: {@link io.hbload.gc.format.OutputFormat} picks the shape (one options
 * line, an {@code hbase-env.sh} export, a jvm.options file, JSON), {@link io.hbload.gc.format.Json} writes the small
 * JSON by hand so the module needs no JSON library.
 */
package io.hbload.gc.format;
