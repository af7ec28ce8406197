/**
 * Runs one phase from a spec to its written results: the {@link Launcher} the CLI, the Java API and
 * the MapReduce tasks share, so each writes exactly what the others do. The top of the flow: it
 * uses {@code exec} and {@code export}; nothing in the engine uses it.
 */
package io.hbload.core.launch;
