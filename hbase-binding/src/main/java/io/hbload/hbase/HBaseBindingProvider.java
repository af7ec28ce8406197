package io.hbload.hbase;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.hbase.ops.HBaseSession;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code hbase} binding for {@code -db}, also answering to YCSB's HBase binding class names so existing
 * command lines work. With no cluster configured it starts the embedded one. Stateless.
 */
public final class HBaseBindingProvider implements BindingProvider {
  @Override
  public String name() {
    return "hbase";
  }

  @Override
  public Set<String> aliases() {
    return Set.of("hbase2", "hbase20", "hbase14", "hbase12", "hbase10",
        "site.ycsb.db.hbase20.HBaseClient20", "site.ycsb.db.hbase2.HBaseClient2",
        "site.ycsb.db.hbase14.HBaseClient14", "site.ycsb.db.hbase12.HBaseClient12", "site.ycsb.db.HBaseClient10");
  }

  @Override
  public String description() {
    return "Apache HBase 2.x (embedded in-process cluster when none is configured)";
  }

  @Override
  public BindingSession open(BindingContext context) throws BindingException {
    Map<String, String> p = new HashMap<>(context.spec().properties());
    // the workload's table and field count are the workload's, even when given under YCSB's keys elsewhere
    p.putIfAbsent(HBaseProperties.TABLE, context.spec().workload().table());
    return HBaseSession.open(p, context.spec().phase(), true, context.messages());
  }
}
