package io.h5j.format.filter;

import com.ning.compress.lzf.impl.VanillaChunkEncoder;
import io.h5j.format.H5FormatException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Filter 32000, h5py's LZF: one raw liblzf block, no header (the decoded size is not stored).
 * h5py's encoder gives liblzf an output buffer as large as the input and reports failure when
 * the block does not fit; h5py registers the filter as optional, so such chunks are stored
 * unfiltered with the filter's mask bit set. This encoder declines the same way.
 *
 * <p>The block format: a control byte below 32 starts a run of {@code ctrl + 1} literal bytes;
 * otherwise its top 3 bits are a length (7 means: add the next byte) and its low 5 bits the high
 * bits of a back-reference distance whose low byte follows; the reference copies
 * {@code length + 2} bytes starting {@code distance + 1} bytes back.
 */
final class LzfFilter implements Filter {
  /** Shorter inputs are written as literal runs only. */
  private static final int MIN_MATCHED_INPUT = 16;

  @Override
  public int id() {
    return Filters.LZF;
  }

  @Override
  public String name() {
    return "lzf";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    byte[] out = new byte[Math.min(maxOutput, Math.max(64, in.length * 4))];
    int ip = 0;
    int op = 0;
    while (ip < in.length) {
      int ctrl = in[ip++] & 0xff;
      if (ctrl < 32) {
        int len = ctrl + 1;
        if (ip + len > in.length) {
          throw FilterSupport.error(this, "literal run of " + len + " bytes at input offset "
              + (ip - 1) + " passes the end of the block");
        }
        out = room(out, op, len, maxOutput);
        System.arraycopy(in, ip, out, op, len);
        ip += len;
        op += len;
      } else {
        int len = ctrl >>> 5;
        if (len == 7) {
          if (ip >= in.length) {
            throw FilterSupport.error(this, "block ends inside a back-reference");
          }
          len += in[ip++] & 0xff;
        }
        if (ip >= in.length) {
          throw FilterSupport.error(this, "block ends inside a back-reference");
        }
        int ref = op - ((ctrl & 0x1f) << 8) - (in[ip++] & 0xff) - 1;
        if (ref < 0) {
          throw FilterSupport.error(this, "back-reference before the start of the output at "
              + "input offset " + (ip - 2));
        }
        len += 2;
        out = room(out, op, len, maxOutput);
        for (int i = 0; i < len; i++) {
          out[op++] = out[ref++];
        }
      }
    }
    return Arrays.copyOf(out, op);
  }

  private byte[] room(byte[] out, int op, int len, int maxOutput) throws H5FormatException {
    long need = (long) op + len;
    if (need > maxOutput) {
      throw FilterSupport.error(this, "decoded data exceed the expected " + maxOutput + " bytes");
    }
    if (need <= out.length) {
      return out;
    }
    return Arrays.copyOf(out, (int) Math.min(maxOutput, Math.max(need, 2L * out.length)));
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    byte[] block = in.length < MIN_MATCHED_INPUT ? literals(in) : RawEncoder.compress(in);
    return block.length > in.length ? Optional.empty() : Optional.of(block);
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize;
  }

  /** A block of literal runs only. */
  private static byte[] literals(byte[] in) {
    byte[] out = new byte[in.length + (in.length + 31) / 32];
    int op = 0;
    for (int ip = 0; ip < in.length; ip += 32) {
      int len = Math.min(32, in.length - ip);
      out[op++] = (byte) (len - 1);
      System.arraycopy(in, ip, out, op, len);
      op += len;
    }
    return Arrays.copyOf(out, op);
  }

  /** compress-lzf's encoder, asked for the raw block without its "ZV" chunk header. */
  private static final class RawEncoder extends VanillaChunkEncoder {
    private RawEncoder(int totalLength) {
      super(totalLength);
    }

    static byte[] compress(byte[] in) {
      RawEncoder encoder = new RawEncoder(in.length);
      try {
        byte[] out = new byte[in.length + in.length / 32 + 64];
        int end = encoder.tryCompress(in, 0, in.length, out, 0);
        return Arrays.copyOf(out, end);
      } finally {
        encoder.close();
      }
    }
  }
}
