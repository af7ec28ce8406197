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
                "100",
                "-p",
                "basicdb.simulatedelay=2",
                "-p",
                "basicdb.randomizedelay=false",
                "-p",
                "maxexecutiontime=1",
                "-p",
                "hbload.warmup=300ms",
                "--find-max",
                "p99<10ms",
                "--find-max-precision",
                "0.5"));
    args.addAll(List.of(outputs));
    return args.toArray(new String[0]);
  }
}
