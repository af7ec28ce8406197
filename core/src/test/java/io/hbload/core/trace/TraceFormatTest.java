package io.hbload.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both trace formats' lines: what each field becomes, the stated operation mapping, and damaged
 * lines.
 */
class TraceFormatTest {
  private final TraceRecord r = new TraceRecord();

  @Test
  void aTwitterLineIsItsTimeKeyValueSizeAndOperation() {
    assertThat(TraceFormat.TWITTER.read("1600000003,abcXYZ,6,4096,12,set,0", r)).isTrue();
    assertThat(r.seconds).isEqualTo(1600000003.0);
    assertThat(r.valueBytes).isEqualTo(4096);
    assertThat(r.operation).isEqualTo(TraceOperation.WRITE);
    long key = r.keyHash;
    assertThat(key).isNotNegative();
    // the same key text is the same key whatever the rest of the line, another text another key
    TraceFormat.TWITTER.read("1600000009,abcXYZ,6,10,3,get,0", r);
    assertThat(r.keyHash).isEqualTo(key);
    assertThat(r.operation).isEqualTo(TraceOperation.READ);
    TraceFormat.TWITTER.read("1600000009,abcXYz,6,10,3,get,0", r);
    assertThat(r.keyHash).isNotEqualTo(key);
  }

  @ParameterizedTest
  @CsvSource({
    "get,READ", "gets,READ", "set,WRITE", "add,WRITE", "replace,WRITE", "cas,WRITE",
    "append,WRITE", "prepend,WRITE", "incr,WRITE", "decr,WRITE", "delete,DELETE", "GET,READ"
  })
  void twitterOperationsMapAsDocumented(String op, TraceOperation expected) {
    TraceFormat.TWITTER.read("1,k,1,10,1," + op + ",0", r);
    assertThat(r.operation).isEqualTo(expected);
  }

  @Test
  void hbloadLinesSkipTheirHeaderAndCommentsAndTakeDecimalSeconds() {
    assertThat(TraceFormat.HBLOAD.read("time,op,key,valuesize", r)).isFalse();
    assertThat(TraceFormat.HBLOAD.read("# a comment", r)).isFalse();
    assertThat(TraceFormat.HBLOAD.read("   ", r)).isFalse();
    assertThat(TraceFormat.HBLOAD.read("0.000125,write,user:1,300", r)).isTrue();
    assertThat(r.seconds).isEqualTo(0.000125, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(r.operation).isEqualTo(TraceOperation.WRITE);
    assertThat(r.valueBytes).isEqualTo(300);
    // a read needs no value size
    assertThat(TraceFormat.HBLOAD.read("2,read,user:1,", r)).isTrue();
    assertThat(r.operation).isEqualTo(TraceOperation.READ);
    assertThat(TraceFormat.HBLOAD.read("3,delete,user:1,0", r)).isTrue();
    assertThat(r.operation).isEqualTo(TraceOperation.DELETE);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1600000000,k,1,10,1,get", // a field short
        "1600000000,k,1,10,1,get,0,extra", // one too many
        "soon,k,1,10,1,get,0", // time not a number
        "-5,k,1,10,1,get,0", // negative time
        "1600000000,k,1,-10,1,get,0", // negative value size
        "1600000000,k,1,ten,1,get,0",
        "1600000000,k,1,10,1,touch,0", // unknown operation
        "1600000000,,1,10,1,get,0" // empty key
      })
  void damagedTwitterLinesSayWhatIsWrong(String line) {
    assertThatThrownBy(() -> TraceFormat.TWITTER.read(line, r))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageMatching(".*(fields|not a number|unknown operation 'touch'|empty key).*");
  }

  @ParameterizedTest
  @ValueSource(strings = {"1,write,k,", "1,scan,k,10", "x,read,k,1", "1,read,k"})
  void damagedHbloadLinesAreRefused(String line) {
    assertThatThrownBy(() -> TraceFormat.HBLOAD.read(line, r))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void formatsAreNamedInAnyCaseAndGuessedFromTheFileName() {
    assertThat(TraceFormat.named("Twitter")).isEqualTo(TraceFormat.TWITTER);
    assertThatThrownBy(() -> TraceFormat.named("csv"))
        .hasMessage("unknown trace format 'csv': expected twitter or hbload");
    assertThat(TraceSpec.formatOf(java.nio.file.Path.of("a/day.hbload.csv.zst")))
        .isEqualTo(TraceFormat.HBLOAD);
    assertThat(TraceSpec.formatOf(java.nio.file.Path.of("cluster52.sort.gz")))
        .isEqualTo(TraceFormat.TWITTER);
  }
}
