package io.h5j.format.filter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * BloscLZ, Blosc's own LZ77 codec. A stream is a sequence of tokens, the first always a literal
 * run (its control byte's top 3 bits are ignored):
 * <ul>
 *   <li>control {@code c < 32}: a literal run of {@code c + 1} bytes that follow;
 *   <li>control {@code c >= 32}: a match of length {@code (c >> 5) + 2}, where a top value of 7
 *       adds extension bytes (each added, 255 meaning another follows), then a distance byte
 *       {@code d}: the match copies from {@code ((c & 31) << 8) + d + 1} bytes back; distance
 *       bits 31/255 escape to a big-endian u16 that follows, plus 8192.
 * </ul>
 * A match whose bytes end the input is not copied (the reference decoder stops there), so the
 * encoder always ends on a literal run.
 */
final class BloscLz {
  private static final int MAX_DISTANCE = 8191;
  private static final int MAX_LITERALS = 32;
  private static final int HASH_BITS = 14;
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /** The encoder's hash table of positions (plus one), one per thread. */
  private static final ThreadLocal<int[]> TABLE =
      ThreadLocal.withInitial(() -> new int[1 << HASH_BITS]);

  private BloscLz() {}

  /**
   * Decodes the {@code length} bytes at {@code in[inOff]} into {@code out[outOff]}, at most
   * {@code maxOut} bytes; the number decoded, or -1 if the stream is malformed.
   */
  static int decompress(byte[] in, int inOff, int length, byte[] out, int outOff, int maxOut) {
    if (length == 0) {
      return 0;
    }
    int ip = inOff;
    int ipEnd = inOff + length;
    int op = outOff;
    int opEnd = outOff + maxOut;
    int ctrl = in[ip++] & 31;
    while (true) {
      if (ctrl >= 32) {
        int len = (ctrl >>> 5) - 1;
        int distance = (ctrl & 31) << 8;
        if (len == 6) {
          int code;
          do {
            if (ip + 1 >= ipEnd) {
              return -1;
            }
            code = in[ip++] & 0xff;
            len += code;
          } while (code == 255);
        } else if (ip + 1 >= ipEnd) {
          return -1;
        }
        int code = in[ip++] & 0xff;
        len += 3;
        distance += code + 1;
        if (code == 255 && (ctrl & 31) == 31) {
          if (ip + 1 >= ipEnd) {
            return -1;
          }
          distance = ((in[ip] & 0xff) << 8 | (in[ip + 1] & 0xff)) + MAX_DISTANCE + 1;
          ip += 2;
        }
        if (len > opEnd - op || distance > op - outOff) {
          return -1;
        }
        if (ip >= ipEnd) {
          break; // as the reference decoder: a final match is not copied
        }
        ctrl = in[ip++] & 0xff;
        copyMatch(out, op, distance, len);
        op += len;
      } else {
        int run = ctrl + 1;
        if (run > opEnd - op || run > ipEnd - ip) {
          return -1;
        }
        System.arraycopy(in, ip, out, op, run);
        op += run;
        ip += run;
        if (ip >= ipEnd) {
          break;
        }
        ctrl = in[ip++] & 0xff;
      }
    }
    return op - outOff;
  }

  /** Copies {@code len} bytes from {@code distance} back, overlapping as LZ77 means. */
  static void copyMatch(byte[] out, int op, int distance, int len) {
    int from = op - distance;
    if (distance >= len) {
      System.arraycopy(out, from, out, op, len);
    } else if (distance == 1) {
      java.util.Arrays.fill(out, op, op + len, out[from]);
    } else {
      for (int k = 0; k < len; k++) {
        out[op + k] = out[from + k];
      }
    }
  }

  /**
   * Encodes the {@code length} bytes at {@code in[inOff]} into {@code out[outOff]}; the number
   * of bytes written, or 0 if they would exceed {@code maxOut}. Greedy matching through a hash
   * table of 4-byte sequences, near distances only; where no match turns up the search steps
   * over ever more positions (as LZ4 does), which keeps noisy streams fast.
   */
  static int compress(byte[] in, int inOff, int length, byte[] out, int outOff, int maxOut) {
    int opEnd = outOff + maxOut;
    int op = outOff;
    int end = inOff + length;
    int matchLimit = end - 12; // the last bytes always go out as literals
    int[] table = TABLE.get(); // entries left from earlier inputs are checked like any other
    int anchor = inOff;
    int ip = inOff + 1; // the first token must be a literal run
    while (ip < matchLimit) {
      int seq = (int) INTS.get(in, ip);
      int h = (seq * 0x9E3779B1) >>> (32 - HASH_BITS);
      int ref = table[h] - 1;
      table[h] = ip + 1;
      int distance = ip - ref;
      if (ref < inOff || distance <= 0 || distance > MAX_DISTANCE
          || (int) INTS.get(in, ref) != seq) {
        ip += 1 + ((ip - anchor) >>> 5); // long runs without a match: look ever more sparsely
        continue;
      }
      int len = 4;
      int bound = end - 8;
      while (ip + len < bound && in[ref + len] == in[ip + len]) {
        len++;
      }
      op = literals(in, anchor, ip - anchor, out, op, opEnd);
      if (op < 0 || opEnd - op < 3 + (len - 9) / 255 + 1) {
        return 0;
      }
      int dm = distance - 1;
      if (len < 9) {
        out[op++] = (byte) ((len - 2) << 5 | dm >>> 8);
      } else {
        out[op++] = (byte) (7 << 5 | dm >>> 8);
        int rest = len - 9;
        for (; rest >= 255; rest -= 255) {
          out[op++] = (byte) 255;
        }
        out[op++] = (byte) rest;
      }
      out[op++] = (byte) dm;
      ip += len;
      anchor = ip;
      if (ip < matchLimit) { // the positions just before the next one, for nearer matches
        table[((int) INTS.get(in, ip - 2) * 0x9E3779B1) >>> (32 - HASH_BITS)] = ip - 1;
        table[((int) INTS.get(in, ip - 1) * 0x9E3779B1) >>> (32 - HASH_BITS)] = ip;
      }
    }
    op = literals(in, anchor, end - anchor, out, op, opEnd);
    return op < 0 ? 0 : op - outOff;
  }

  /** Writes literal runs; the new output position, or -1 past {@code opEnd}. */
  private static int literals(byte[] in, int from, int count, byte[] out, int op, int opEnd) {
    while (count > 0) {
      int run = Math.min(count, MAX_LITERALS);
      if (opEnd - op < run + 1) {
        return -1;
      }
      out[op++] = (byte) (run - 1);
      System.arraycopy(in, from, out, op, run);
      op += run;
      from += run;
      count -= run;
    }
    return op;
  }
}
