package io.hbload.cli;

import java.util.ArrayList;
import java.util.List;

/** The command line of the short real search that the find-max tests share. */
public final class FindMaxArgs {
  private FindMaxArgs() {}

  /**
   * {@code run --find-max 'p99<10ms'} of one blocking worker against the basic binding's 2 ms calls
   * (about 500 ops/s): from 100 ops/s doubling, 1 s steps after 300 ms of warm-up, to a precision
   * of 50 % (about 7 steps), then {@code outputs} ({@code --json F}, {@code --html F}).
   */
  public static String[] twoMillisecondSearch(String... outputs) {
    List<String> more = new ArrayList<>(List.of("--find-max-precision", "0.5"));
    more.addAll(List.of(outputs));
    return twoMillisecondSteps(100, "300ms", "p99<10ms", more.toArray(new String[0]));
  }

  /**
   * {@code run --find-max BOUND} of one blocking worker against the basic binding's 2 ms calls
   * (about 500 ops/s at most), from {@code target} ops/s, 1 s steps after {@code warmup}, then
   * {@code more}.
   */
  public static String[] twoMillisecondSteps(
      int target, String warmup, String bound, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "-w",
                "c",
                "-db",
                "basic",
                "-threads",
                "1",
                "-target",
                Integer.toString(target),
                "-p",
                "basicdb.simulatedelay=2",
                "-p",
                "basicdb.randomizedelay=false",
                "-p",
                "maxexecutiontime=1",
                "-p",
                "hbload.warmup=" + warmup,
                "--find-max",
                bound));
    args.addAll(List.of(more));
    return args.toArray(new String[0]);
  }
}
