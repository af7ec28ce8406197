/**
 * The whole spec of one phase: {@link RunSpec}, the typed parts from {@code config} plus the
 * binding resolved to its provider. Above {@code config} and {@code binding}, below {@code parse}
 * (which builds it) and the engine (which runs it). Bindings never see it: they get a {@link
 * io.hbload.core.binding.BindingContext}.
 */
package io.hbload.core.spec;
