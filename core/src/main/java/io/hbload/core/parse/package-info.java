/**
 * First step of the flow: properties become a validated {@link io.hbload.core.spec.RunSpec}, by the
 * one parser the CLI and the Java API ({@link RunSpecBuilder}) share. Above {@code binding},
 * because the binding named in the properties parses its own settings in the same pass. With {@code
 * config}, the only code that reads property strings.
 */
package io.hbload.core.parse;
