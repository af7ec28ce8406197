/**
 * Step 3: the files: layout and ownership rule, content pattern, writer/reader, parallel streams.
 */
package io.hbload.hdfs.stream;
