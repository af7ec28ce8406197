package io.hbload.mapreduce;

import io.hbload.core.binding.BindingException;
import io.hbload.core.config.Phase;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.ops.ConnectivityCheck;
import io.hbload.hbase.pe.PeBindingProvider;
import io.hbload.hbase.pe.PeClientResult;
import io.hbload.hbase.pe.PeShardSetup;
import io.hbload.hbase.pe.PeSpec;
import io.hbload.mapreduce.config.PeTaskSpec;
import io.hbload.mapreduce.pe.PeClients;
import io.hbload.mapreduce.task.PeMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * {@code hbload mapreduce pe}: PE's MapReduce mode on {@link MapReducePhase}'s job. PE client I is
 * map task I, one thread working on PE's rows of client I (the run is {@code hbload.shard=I/N} with
 * one thread, which the PE binding maps to client I); the driver prepares PE's table once, as
 * {@code hbload pe} would, and afterwards reads each committed client back ({@link PeClients}) for
 * PE's per-client lines. Its {@link #clients()} are there once the job ran. Not thread-safe: the
 * driver's thread uses it.
 */
public final class MapReducePe implements ShardWork {
  private final PeSpec spec;
  private List<PeClientResult> clients = List.of();

  public MapReducePe(PeSpec spec) {
    this.spec = spec;
  }

  @Override
  public RunSpec parse(Map<String, String> properties, Phase phase) {
    PeBindingProvider pe = new PeBindingProvider(spec);
    return SpecParser.parse(properties, phase, pe, pe);
  }

  @Override
  public void prepare(Configuration hbase, boolean startsEmpty, PrintStream messages)
      throws IOException, BindingException {
    ConnectivityCheck.verify(hbase, spec.table().name());
    try (Connection c = ConnectionFactory.createConnection(hbase)) {
      PeShardSetup.prepare(c, spec, startsEmpty, messages);
    }
  }

  /** {@code pe-<command>}: the job holds PE clients of that command, not a run phase. */
  @Override
  public String dirName() {
    return "pe-" + spec.workload().test().command();
  }

  @Override
  public String jobName(int clients) {
    return "hbload pe "
        + spec.workload().test().command()
        + " "
        + spec.table().name()
        + " x"
        + clients;
  }

  @Override
  public Class<? extends Mapper<?, ?, ?, ?>> mapper() {
    return PeMapper.class;
  }

  @Override
  public void writeTo(Configuration job) {
    PeTaskSpec.writeTo(spec, job);
  }

  @Override
  public void collect(List<Path> committed, Configuration conf, Consumer<String> notes)
      throws IOException {
    clients = PeClients.read(committed, conf, spec, notes);
  }

  public PeSpec spec() {
    return spec;
  }

  /** The PE clients whose task committed, in client order; empty before the job ran. */
  public List<PeClientResult> clients() {
    return clients;
  }
}
