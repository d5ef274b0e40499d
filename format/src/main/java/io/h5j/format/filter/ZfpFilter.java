package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * Filter 32013, LLNL's H5Z-ZFP: lossy ZFP compression of float, double, int32 and int64 chunks
 * of one to four dimensions (dimensions of extent 1 dropped). Decode only. The client data hold
 * ZFP's header ({@link ZfpHeader}); each chunk is a bare ZFP stream of blocks of 4^d values,
 * x (the last HDF5 dimension) fastest, blocks at the chunk's far edges partly used.
 *
 * <p>Fixed-rate, fixed-precision, fixed-accuracy and expert modes share one block codec and all
 * decode; reversible (lossless) mode is refused with an {@link H5FormatException} naming it.
 */
final class ZfpFilter implements Filter {
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  @Override
  public int id() {
    return Filters.ZFP;
  }

  @Override
  public String name() {
    return "zfp";
  }

  @Override
  public boolean canEncode() {
    return false;
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    ZfpHeader header = ZfpHeader.parse(this, clientData);
    byte[] out = new byte[outputSize(header, maxOutput)];
    decode(header, in, in.length, out);
    return out;
  }

  @Override
  public int decode(byte[] in, int inLength, int[] clientData, byte[] out, int maxOutput)
      throws H5FormatException {
    ZfpHeader header = ZfpHeader.parse(this, clientData);
    int size = outputSize(header, Math.min(maxOutput, out.length));
    decode(header, in, inLength, out);
    return size;
  }

  private int outputSize(ZfpHeader header, int maxOutput) throws H5FormatException {
    long bytes = header.values() * header.type().bytes;
    if (bytes > maxOutput) {
      throw FilterSupport.error(this, "ZFP header describes a chunk of " + bytes
          + " bytes; at most " + maxOutput + " expected");
    }
    return (int) bytes;
  }

  private void decode(ZfpHeader header, byte[] in, int inLength, byte[] out)
      throws H5FormatException {
    long[] ext = new long[4];
    java.util.Arrays.fill(ext, 1);
    System.arraycopy(header.extents(), 0, ext, 0, header.extents().length);
    int width = header.type().bytes;
    VarHandle store = width == 4 ? (header.bigEndian() ? INT_BE : INT_LE)
        : (header.bigEndian() ? LONG_BE : LONG_LE);
    ZfpBlockDecoder blocks = new ZfpBlockDecoder(header.type(), header.extents().length,
        header.mode());
    ZfpBitStream s = new ZfpBitStream(in, inLength);
    long[] values = new long[blocks.size()];
    int sy = (int) ext[0];
    int sz = sy * (int) ext[1];
    int sw = sz * (int) ext[2];
    long block = 0;
    for (int bw = 0; bw < ext[3]; bw += 4) {
      int nw = (int) Math.min(4, ext[3] - bw);
      for (int bz = 0; bz < ext[2]; bz += 4) {
        int nz = (int) Math.min(4, ext[2] - bz);
        for (int by = 0; by < ext[1]; by += 4) {
          int ny = (int) Math.min(4, ext[1] - by);
          for (int bx = 0; bx < ext[0]; bx += 4) {
            int nx = (int) Math.min(4, ext[0] - bx);
            blocks.decode(s, values);
            if (s.position() > s.limit()) {
              throw FilterSupport.error(this, "ZFP stream of " + inLength + " bytes ends inside "
                  + "block " + block + " (mode " + header.mode().name() + ")");
            }
            block++;
            for (int w = 0; w < nw; w++) {
              for (int z = 0; z < nz; z++) {
                for (int y = 0; y < ny; y++) {
                  int at = bx + (by + y) * sy + (bz + z) * sz + (bw + w) * sw;
                  int j = 4 * y + 16 * z + 64 * w;
                  for (int x = 0; x < nx; x++) {
                    if (width == 4) {
                      store.set(out, (at + x) * 4, (int) values[j + x]);
                    } else {
                      store.set(out, (at + x) * 8, values[j + x]);
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    throw new UnsupportedOperationException("h5j decodes ZFP (filter 32013) but cannot encode it");
  }
}
