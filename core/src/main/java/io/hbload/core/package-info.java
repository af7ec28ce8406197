/**
 * hbload's engine as a library: {@link Hbload} describes a run fluently and returns a {@link
 * io.hbload.core.result.RunResult}. The data flows through the sub-packages in this order: {@code
 * parse} (properties to validated {@code config} specs) -> {@code keys}, {@code values}, {@code
 * mix} (what each operation does) -> {@code schedule} (when) -> {@code exec} (workers call the
 * {@code binding}) -> {@code measure} (per-worker recorders, merged by the reporter) -> {@code
 * export} (YCSB report, status line, JSON, hlog), which {@code launch} runs and writes as one step,
 * handing back a {@code result}.
 */
package io.hbload.core;
