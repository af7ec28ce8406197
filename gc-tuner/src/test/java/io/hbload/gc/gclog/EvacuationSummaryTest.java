package io.hbload.gc.gclog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbload.gc.ByteSize;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvacuationSummaryTest {

  @Test
  void percentilesInterpolateLikeNumpy() {
    double[] v = {1, 2, 3, 4, 5};
    assertThat(EvacuationSummary.percentile(v, 50)).isEqualTo(3);
    assertThat(EvacuationSummary.percentile(v, 25)).isEqualTo(2);
    assertThat(EvacuationSummary.percentile(v, 10)).isCloseTo(1.4, within(1e-9));
    assertThat(EvacuationSummary.percentile(new double[] {7}, 90)).isEqualTo(7);
  }

  @Test
  void fitRecoversFixedAndPerGigabyteCost() {
    // pause = 5 ms + 80 ms/GB x eden, eden 128M..1G
    List<YoungPause> pauses = new ArrayList<>();
    for (int i = 1; i <= 8; i++) {
      long eden = i * 128 * ByteSize.MIB;
      pauses.add(new YoungPause("p" + i, eden, 5 + 80.0 * eden / ByteSize.GIB));
    }
    EvacuationSummary s = EvacuationSummary.ofPauses(pauses, 0);
    assertThat(s.fitInterceptMillis()).isCloseTo(5.0, within(1e-6));
    assertThat(s.fitMillisPerGib()).isCloseTo(80.0, within(1e-6));
    assertThat(s.enoughPauses()).isFalse();
    assertThat(s.weakEstimateWarning())
        .hasValue("only 8 usable young pauses (want 20+): the measured rate is a weak estimate");
    assertThat(s.describe()).contains("fit pause = 5.0 ms + 80.0 ms/GB");
  }

  @Test
  void oneOutlierDoesNotMoveTheEstimate() {
    // 30 pauses at 10 GB/s (1 GB in 100 ms) and one pathological 5 s pause
    List<YoungPause> pauses = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      pauses.add(new YoungPause("p" + i, ByteSize.GIB, 100.0 + i % 3));
    }
    pauses.add(new YoungPause("outlier", ByteSize.GIB, 5000.0));
    EvacuationSummary s = EvacuationSummary.ofPauses(pauses, 2);
    assertThat(s.rateGibPerSec()).isBetween(9.7, 10.0);
    assertThat(s.n()).isEqualTo(31);
    assertThat(s.enoughPauses()).isTrue();
    assertThat(s.weakEstimateWarning()).isEmpty();
    assertThat(Double.isNaN(s.fitMillisPerGib())).isTrue(); // constant Eden: no slope
    // so it reproduces the post's points
    assertThat(s.recommendedNewSizePercent(32 * ByteSize.GIB, 100)).isEqualTo(3);
    assertThat(s.recommendedNewSizePercent(100 * ByteSize.GIB, 100)).isEqualTo(1);
  }

  @Test
  void usesALowPercentileSoMostPausesMeetTheGoal() {
    List<YoungPause> pauses = new ArrayList<>();
    for (int i = 1; i <= 100; i++) {
      pauses.add(new YoungPause("p" + i, ByteSize.GIB, 10.0 * i)); // rates 100 .. 1 GB/s
    }
    EvacuationSummary s = EvacuationSummary.ofPauses(pauses, 0);
    assertThat(s.rateGibPerSec()).isEqualTo(s.p25()).isLessThan(s.median());
    long faster = pauses.stream().filter(p -> p.rateGibPerSec() >= s.rateGibPerSec()).count();
    assertThat(faster).isGreaterThanOrEqualTo(75);
  }
}
