package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hdfs.report.RunResult;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The dfsio page: the bars of each storage policy in a colour of its own (issue 32 §4). */
class DfsioHtmlReportTest {
  private static RunResult pass(String phase, String policy, int dataNodesDown) {
    return new RunResult(
        phase,
        policy,
        "rs_java",
        "embedded",
        Instant.parse("2026-11-27T12:00:00Z"),
        4,
        4L << 20,
        1_000_000_000L,
        4,
        1,
        0,
        0.5,
        0,
        0,
        0,
        0,
        0,
        dataNodesDown,
        1,
        1,
        Optional.empty());
  }

  @Test
  void eachPolicysBarsShareAColourAndTheLegendNamesIt() {
    String html =
        DfsioHtmlReport.render(
            "write, read",
            List.of(
                pass("write", "REPLICATION-3", 0),
                pass("write", "RS-6-3-1024k", 0),
                pass("read", "REPLICATION-3", 0),
                pass("degraded-read", "RS-6-3-1024k", 2)),
            "not loaded");
    String throughput =
        html.substring(html.indexOf("Aggregate throughput per pass"), html.indexOf("</svg>"));
    Matcher bars =
        Pattern.compile("data-label=\"([^\"]+)\"[^>]* fill=\"(#[0-9a-f]{6})\"").matcher(throughput);
    String replication = null;
    String rs = null;
    int n = 0;
    while (bars.find()) {
      n++;
      if (bars.group(1).startsWith("REPLICATION-3")) {
        replication = replication == null ? bars.group(2) : replication;
        assertThat(bars.group(2)).isEqualTo(replication);
      } else {
        rs = rs == null ? bars.group(2) : rs;
        assertThat(bars.group(2)).isEqualTo(rs);
      }
    }
    assertThat(n).isEqualTo(4);
    assertThat(replication).isNotEqualTo(rs);
    assertThat(html)
        .contains("<span style=\"color:" + replication + "\">&#9632;</span> REPLICATION-3")
        .contains("<span style=\"color:" + rs + "\">&#9632;</span> RS-6-3-1024k");
  }
}
