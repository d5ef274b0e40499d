package io.h5j.format.dataset;

import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Writes the runs of one chunk through one direct buffer, gathering runs that follow on in the
 * file into one positional write: a chunk narrower than the selection arrives as one run per
 * chunk row (256 rows of 4 KiB for a 1 MiB chunk of 512 float64 columns), and a write per row
 * would cost a system call, and the inode lock, each.
 */
final class GatheredWrites {
  private final FileAccess fa;
  private final ByteBuffer stage;
  private final int elementSize;
  /**
   * Direct-buffer runs at least this long go straight to the file: the system call then costs
   * little beside the copy into the page cache, and a copy into the stage would be one more.
   */
  static final int STRAIGHT_BYTES = 64 << 10;
  /** HDF5 address of the stage's first byte, while the stage holds any. */
  private long stagedAt;

  /** {@code stage}: a direct buffer whose capacity is a multiple of {@code elementSize}. */
  GatheredWrites(FileAccess fa, ByteBuffer stage, int elementSize) {
    this.fa = fa;
    this.stage = stage.clear();
    this.elementSize = elementSize;
  }

  /**
   * Writes {@code n} elements of {@code source}, from {@code inSelection} on, at HDF5 address
   * {@code address}: gathered with the runs before it where they follow on, else after the
   * bytes gathered so far are written. A long run the source holds as stored bytes in a
   * direct buffer goes straight to the file ({@link #STRAIGHT_BYTES}); a run in a heap buffer
   * goes through the stage, as the JDK would copy it into a direct buffer of its own anyway.
   */
  void run(long address, ChunkedData.Source source, long inSelection, int n)
      throws IOException {
    ByteBuffer view = source.view(inSelection, n);
    if (view != null && view.isDirect() && view.remaining() >= STRAIGHT_BYTES) {
      finish();
      fa.write(address, view);
      return;
    }
    for (int k = 0; k < n; ) {
      long at = address + (long) k * elementSize;
      if (stage.position() > 0 && at != stagedAt + stage.position()) {
        finish();
      }
      if (stage.position() == 0) {
        stagedAt = at;
      }
      int m = Math.min(n - k, stage.remaining() / elementSize);
      source.copy(stage, stage.position(), inSelection + k, m);
      stage.position(stage.position() + m * elementSize);
      k += m;
      if (stage.remaining() < elementSize) {
        finish();
      }
    }
  }

  /** Writes what is gathered; call after the last run. */
  void finish() throws IOException {
    if (stage.position() == 0) {
      return;
    }
    stage.flip();
    fa.write(stagedAt, stage);
    stage.clear();
  }
}
