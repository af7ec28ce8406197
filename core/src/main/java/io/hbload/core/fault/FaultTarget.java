package io.hbload.core.fault;

import io.hbload.core.config.FaultAction;
import java.util.Set;

/**
 * What carries out a run's faults, given by its binding's session ({@link
 * io.hbload.core.binding.RunSession#faultTarget}): the HBase binding does admin faults through its
 * Admin API on the run's table, and process faults on the in-process cluster it reaches. The engine
 * asks {@link #supports} before anything starts, then calls {@link #inject} from one fault thread,
 * one call at a time, never from a worker. Implementations need not be thread-safe.
 */
public interface FaultTarget {
  /** The actions this target can carry out. */
  Set<FaultAction> supports();

  /**
   * Where faults go, one line for the report and for the error when one is not supported (e.g.
   * {@code HBase Admin on table usertable; RegionServers of the in-process cluster}).
   */
  String describe();

  /**
   * Carries out {@code action} and returns once it is done (a restarted server is up again, a
   * compaction is requested): one line saying what was done (which server, how many regions).
   * Throws, with a message fit for the report, when it could not.
   */
  String inject(FaultAction action) throws Exception;
}
