/**
 * hbload's engine as a library: {@link io.hbload.core.Hbload} describes a run fluently and returns a
 * {@link io.hbload.core.RunResult}. The data flows through the sub-packages in this order: {@code config}
 * (properties to validated specs) -> {@code keys}, {@code values}, {@code mix} (what each operation does)
 * -> {@code schedule} (when) -> {@code exec} (workers call the {@code binding}) -> {@code measure}
 * (per-worker recorders, merged by the reporter) -> {@code export} (YCSB report, status line, JSON, hlog).
 */
package io.hbload.core;
