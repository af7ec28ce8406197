package io.hbload.archfixture.flow.mapreduce;

import io.hbload.archfixture.flow.core.Engine;
import io.hbload.archfixture.flow.hbase.Table;
import io.hbload.archfixture.flow.hdfs.Writer;
import io.hbload.archfixture.flow.observe.Meters;

/** mapreduce -> observe, hbase, hdfs, core: allowed. */
public final class Job {
  public long submit(Meters meters, Table table, Writer writer, Engine engine) {
    return meters.watch(writer, engine) + table.put(engine);
  }
}
