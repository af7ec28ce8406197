/**
 * The offline HTML report: one self-contained file (inline SVG drawn here in Java, no script, no
 * network: a Content-Security-Policy forbids any fetch) from a run's JSON result and its
 * HdrHistogram interval log, or from a live run's intervals. Inputs ({@link
 * io.hbload.report.RunInput}) -> charts ({@link io.hbload.report.SvgChart}) -> page ({@link
 * io.hbload.report.HtmlReport}). Several runs (a suite's rounds) go side by side.
 */
package io.hbload.report;
