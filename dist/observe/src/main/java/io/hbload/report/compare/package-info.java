/**
 * {@code hbload compare}: two sides (a run's JSON and hlog, a suite directory's kept rounds, a
 * dfsio JSON) read and checked ({@link io.hbload.report.compare.SideReader}) -> per operation, the
 * figures of A and B with the ratio B/A and its 95 % interval, from the rounds or from a block
 * bootstrap over the hlog's intervals ({@link io.hbload.report.compare.Comparer}, {@link
 * io.hbload.report.compare.BlockBootstrap}) -> one verdict and the CI gate over the selected
 * figures, Holm-corrected ({@link io.hbload.report.compare.Verdict}, {@link
 * io.hbload.report.compare.FigureSelection}, {@link io.hbload.report.compare.RatioTest}) -> a
 * table, JSON ({@link io.hbload.report.compare.ComparisonReport}). Sits beside the HTML report: it
 * reads what the engine wrote, never runs anything.
 */
package io.hbload.report.compare;
