/**
 * Last step of the flow: YCSB's report (text and JSON exporters, YCSB's line order), YCSB's status
 * line, hbload's JSON result document and the tagged HdrHistogram interval log.
 */
package io.hbload.core.export;
