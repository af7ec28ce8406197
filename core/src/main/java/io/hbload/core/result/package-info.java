/**
 * What a finished phase hands on: {@link RunResult} (totals, per-operation figures, the binding's
 * report lines) and the {@link ClientInfo} of the client that produced it. Written by {@code exec},
 * read by {@code export}, the CLI and the Java API; depends on neither.
 */
package io.hbload.core.result;
