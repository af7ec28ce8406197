/**
 * The binding SPI: what the engine calls (YCSB's operations and status codes with reusable,
 * allocation-free arguments), how bindings are found by name ({@link
 * io.hbload.core.binding.Bindings}), and the per-run shared session.
 */
package io.hbload.core.binding;
