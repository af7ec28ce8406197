/**
 * Renders a {@link io.hbload.gc.TuningResult}: {@link OutputFormat} picks the shape (one options
 * line, an {@code hbase-env.sh} export, a jvm.options file, JSON); the JSON goes through Jackson's
 * streaming generator (jackson-core only) in core's {@link
 * io.hbload.core.export.Json.Layout#INDENTED} layout.
 */
package io.hbload.gc.format;
