/** Step 4: measurements of a pass and their text, JSON and TestDFSIO-like renderings. */
package io.hbload.hdfs.report;
