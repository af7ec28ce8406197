/** Step 1: the only code that reads user strings; immutable, validated specs for a run. */
package io.hbload.hdfs.config;
