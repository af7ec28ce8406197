/**
 * Reading back the files hbload wrote ({@code .hlog} logs, result documents), for {@code merge},
 * {@code report} and the suite: each reader checks everything it reads and rejects, with the file
 * and the line, what does not parse or does not belong, so that a damaged or foreign file is bad
 * input, never a confident report of nonsense.
 */
package io.hbload.core.read;
