package io.hbload.core.config;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a fault does, by its short name (the contract: {@code restart-regionserver}, {@code flush},
 * ...), with the HBase ChaosMonkey action classes that do the same accepted as aliases, so an HBase
 * developer's habit works. Admin faults go through the store's admin interface on the run's table;
 * process faults stop or start a server, which only a target that owns the servers (the in-process
 * cluster) can do. Immutable.
 */
public enum FaultAction {
  RESTART_REGIONSERVER(
      "restart-regionserver",
      Kind.PROCESS,
      "stop a RegionServer not carrying hbase:meta, then start a new one",
      "RestartRandomRsAction",
      "RestartRandomRsExceptMetaAction"),
  KILL_REGIONSERVER(
      "kill-regionserver",
      Kind.PROCESS,
      "abort a RegionServer not carrying hbase:meta (no clean close: its WAL is split), no restart"),
  RESTART_META_REGIONSERVER(
      "restart-meta-regionserver",
      Kind.PROCESS,
      "stop the RegionServer carrying hbase:meta, then start a new one",
      "RestartRsHoldingMetaAction"),
  MOVE_REGIONS(
      "move-regions",
      Kind.ADMIN,
      "move every region of the table to another RegionServer",
      "MoveRegionsOfTableAction"),
  MOVE_REGION(
      "move-region",
      Kind.ADMIN,
      "move one random region of the table to another RegionServer",
      "MoveRandomRegionOfTableAction"),
  FLUSH("flush", Kind.ADMIN, "flush the table's memstores", "FlushTableAction"),
  COMPACT("compact", Kind.ADMIN, "request a minor compaction of the table", "CompactTableAction"),
  MAJOR_COMPACT("major-compact", Kind.ADMIN, "request a major compaction of the table"),
  SPLIT(
      "split",
      Kind.ADMIN,
      "split one random region of the table",
      "SplitRandomRegionOfTableAction"),
  BALANCER("balancer", Kind.ADMIN, "run the balancer, forced", "ForceBalancerAction"),
  RESTART_MASTER(
      "restart-master",
      Kind.PROCESS,
      "stop the active master, then start a new one",
      "RestartActiveMasterAction");

  /** Whether the store's admin interface can do it, or only the owner of the servers. */
  public enum Kind {
    ADMIN,
    PROCESS
  }

  private final String shortName;
  private final Kind kind;
  private final String description;
  private final List<String> aliases;

  FaultAction(String shortName, Kind kind, String description, String... aliases) {
    this.shortName = shortName;
    this.kind = kind;
    this.description = description;
    this.aliases = List.of(aliases);
  }

  /** The name in a schedule and in reports, e.g. {@code restart-regionserver}. */
  public String shortName() {
    return shortName;
  }

  public Kind kind() {
    return kind;
  }

  /** One line saying what it does, for {@code --help} and the docs. */
  public String description() {
    return description;
  }

  /** ChaosMonkey's class names that do the same. */
  public List<String> aliases() {
    return aliases;
  }

  /**
   * The action named {@code name}: a short name (any case) or a ChaosMonkey class name, with or
   * without its package.
   */
  public static Optional<FaultAction> named(String name) {
    String simple = name.substring(name.lastIndexOf('.') + 1);
    String lower = name.toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(a -> a.shortName.equals(lower) || a.aliases.contains(simple))
        .findFirst();
  }

  /** The actions of {@code kind}, e.g. every process fault a server's owner must carry out. */
  public static Set<FaultAction> ofKind(Kind kind) {
    Set<FaultAction> out = EnumSet.noneOf(FaultAction.class);
    for (FaultAction a : values()) {
      if (a.kind == kind) {
        out.add(a);
      }
    }
    return out;
  }

  /** Every name accepted, short names first. */
  public static List<String> allNames() {
    return Arrays.stream(values())
        .flatMap(a -> Stream.concat(Stream.of(a.shortName), a.aliases.stream()))
        .toList();
  }

  @Override
  public String toString() {
    return shortName;
  }
}
