package io.hbload.hdfs.coder;

import org.apache.hadoop.io.erasurecode.ErasureCodeConstants;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.IsalRSRawDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.IsalRSRawEncoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureCoderFactory;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;

/**
 * Hadoop raw-coder factory for the {@code rs} codec backed by ISA-L through hbload's JNI library,
 * registered under {@value #CODER_NAME} via {@code META-INF/services}. Name it in {@code
 * io.erasurecode.codec.rs.rawcoders} to use it; when the library is missing the factory throws and
 * Hadoop's {@code CodecUtil} moves on to the next coder in that list.
 *
 * <p>The name deliberately lacks "native": {@code io.erasurecode.codec.native.enabled=false} skips
 * every coder whose name contains it, and that switch is about libhadoop, not this coder. Stateless
 * and thread-safe.
 */
public final class IsalRsRawErasureCoderFactory implements RawErasureCoderFactory {
  /** The coder name under which the factory registers. */
  public static final String CODER_NAME = "rs_isal";

  @Override
  public RawErasureEncoder createEncoder(ErasureCoderOptions options) {
    IsalLibrary.ensureAvailable();
    return new IsalRSRawEncoder(options);
  }

  @Override
  public RawErasureDecoder createDecoder(ErasureCoderOptions options) {
    IsalLibrary.ensureAvailable();
    return new IsalRSRawDecoder(options);
  }

  @Override
  public String getCoderName() {
    return CODER_NAME;
  }

  @Override
  public String getCodecName() {
    return ErasureCodeConstants.RS_CODEC_NAME;
  }
}
