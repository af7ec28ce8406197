import java.io.BufferedReader;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A known effect on real data: copies an hbload interval log (.hlog) with every recorded latency
 * multiplied by a factor, so that a side of a measured A/A duet becomes exactly that much slower at
 * every percentile while keeping all of its noise. Used by duet-aa.sh (SLOWDOWN=1.25) to ask whether
 * compare finds a 25 % p99 change on duets of the embedded HBase.
 *
 * <p>Usage: java -cp HdrHistogram.jar dist/bench/ScaleLatencies.java FACTOR IN.hlog OUT.hlog
 */
public class ScaleLatencies {
  public static void main(String[] args) throws Exception {
    double factor = Double.parseDouble(args[0]);
    try (BufferedReader in = Files.newBufferedReader(Path.of(args[1]));
        PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[2])))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        out.println(isInterval(line) ? scaled(line, factor) : line);
      }
    }
  }

  /** An interval line: "Tag=NAME,start,length,max,payload" or "start,length,max,payload". */
  private static boolean isInterval(String line) {
    return line.startsWith("Tag=") || (!line.isEmpty() && Character.isDigit(line.charAt(0)));
  }

  private static String scaled(String line, double factor) throws Exception {
    String[] f = line.split(",");
    int o = f[0].startsWith("Tag=") ? 1 : 0;
    Histogram h =
        Histogram.decodeFromCompressedByteBuffer(
            ByteBuffer.wrap(Base64.getDecoder().decode(f[o + 3])), 0);
    Histogram s = new Histogram(h.getLowestDiscernibleValue(), Math.max(h.getHighestTrackableValue(), (long) (h.getMaxValue() * factor) + 1), h.getNumberOfSignificantValueDigits());
    for (HistogramIterationValue v : h.recordedValues()) {
      s.recordValueWithCount(Math.round(v.getValueIteratedTo() * factor), v.getCountAtValueIteratedTo());
    }
    s.setStartTimeStamp(h.getStartTimeStamp());
    s.setEndTimeStamp(h.getEndTimeStamp());
    ByteBuffer buf = ByteBuffer.allocate(s.getNeededByteBufferCapacity());
    int n = s.encodeIntoCompressedByteBuffer(buf);
    String payload = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
    f[o + 2] = String.format(java.util.Locale.ROOT, "%.3f", Double.parseDouble(f[o + 2]) * factor);
    f[o + 3] = payload;
    return String.join(",", f);
  }
}
