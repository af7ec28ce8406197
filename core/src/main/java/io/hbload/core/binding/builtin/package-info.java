/**
 * Bindings that ship with the engine: {@code basic} (no-op, measures the engine) and {@code memory}
 * (an in-process store that keeps the data, for tests and demos).
 */
package io.hbload.core.binding.builtin;
