package io.hbload.hdfs.coder;

import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.CoderChoice;
import io.hbload.hdfs.config.StoragePolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.erasurecode.CodecUtil;
import org.apache.hadoop.io.erasurecode.ErasureCodeNative;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;

/**
 * Turns a {@link CoderChoice} into Hadoop's {@code io.erasurecode.codec.rs.rawcoders} list and
 * tells which coder Hadoop actually builds from a configuration.
 *
 * <p>Preference for {@code auto}: Hadoop's {@code rs_native} when libhadoop with ISA-L loads, then
 * hbload's {@code rs_isal}, then {@code rs_java}. Unavailable coders are left out of the list so
 * Hadoop does not log a fallback stack trace for each stream. Stateless and thread-safe.
 */
public final class CoderSelection {
  /** Hadoop's key listing the RS raw coders in preference order. */
  public static final String RS_RAWCODERS_KEY = CodecUtil.IO_ERASURECODE_CODEC_RS_RAWCODERS_KEY;

  private static final Map<String, String> NAMES_BY_CLASS =
      Map.of(
          "NativeRSRawEncoder", "rs_native",
          "IsalRSRawEncoder", IsalRsRawErasureCoderFactory.CODER_NAME,
          "RSRawEncoder", "rs_java",
          "RSRawEncoderLegacy", "rs-legacy_java",
          "XORRawEncoder", "xor_java",
          "NativeXORRawEncoder", "xor_native");

  private CoderSelection() {}

  /**
   * The value for {@link #RS_RAWCODERS_KEY} and, when {@code auto} had to fall back to Java, the
   * one warning line to show.
   *
   * @param rawCoders comma-separated coder names
   * @param warning present when the preferred fast coders are unavailable
   */
  public record Resolved(String rawCoders, Optional<String> warning) {}

  /**
   * Resolves the choice against what this JVM can load.
   *
   * @throws BadInputException when a forced coder cannot be loaded here
   */
  public static Resolved resolve(CoderChoice choice) {
    boolean nativeHadoop = hadoopNativeAvailable();
    switch (choice) {
      case RS_JAVA:
        return new Resolved("rs_java", Optional.empty());
      case RS_ISAL:
        IsalLibrary.unavailableReason()
            .ifPresent(
                r -> {
                  throw new BadInputException("coder rs_isal unavailable: " + r);
                });
        return new Resolved(IsalRsRawErasureCoderFactory.CODER_NAME, Optional.empty());
      case RS_NATIVE:
        if (!nativeHadoop) {
          throw new BadInputException(
              "coder rs_native unavailable: " + ErasureCodeNative.getLoadingFailureReason());
        }
        return new Resolved("rs_native", Optional.empty());
      default:
        List<String> names = new ArrayList<>();
        if (nativeHadoop) {
          names.add("rs_native");
        }
        if (IsalLibrary.isAvailable()) {
          names.add(IsalRsRawErasureCoderFactory.CODER_NAME);
        }
        names.add("rs_java");
        Optional<String> warning =
            names.size() == 1
                ? Optional.of(
                    "warning: no ISA-L coder ("
                        + IsalLibrary.unavailableReason().orElse("?")
                        + "); using Hadoop's slow pure-Java coder rs_java")
                : Optional.empty();
        return new Resolved(String.join(",", names), warning);
    }
  }

  /** True when Hadoop's own libhadoop ISA-L coder can be used in this JVM. */
  public static boolean hadoopNativeAvailable() {
    try {
      return ErasureCodeNative.isNativeCodeLoaded();
    } catch (LinkageError e) {
      return false;
    }
  }

  /**
   * The name of the coder Hadoop builds for this policy under {@code conf}: the HDFS client calls
   * the same {@code CodecUtil} method with the same configuration, so this is the coder that runs.
   */
  public static String coderInUse(Configuration conf, StoragePolicy policy) {
    if (!policy.isErasureCoded()) {
      return "none";
    }
    RawErasureEncoder encoder =
        CodecUtil.createRawEncoder(
            conf,
            policy.codec(),
            new ErasureCoderOptions(policy.dataUnits(), policy.parityUnits()));
    try {
      return nameOf(encoder);
    } finally {
      encoder.release();
    }
  }

  /** Hadoop's coder name for an encoder instance. */
  public static String nameOf(RawErasureEncoder encoder) {
    String simple = encoder.getClass().getSimpleName();
    return NAMES_BY_CLASS.getOrDefault(simple, simple);
  }
}
