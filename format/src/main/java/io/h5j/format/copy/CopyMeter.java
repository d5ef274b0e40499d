package io.h5j.format.copy;

/**
 * Counts the bytes of the input a copy has dealt with, as it deals with them (a run of chunks
 * moved, a chunk transcoded, a mapping block written anew, an object header), and tells
 * {@link CopyProgress}: the count only grows, never passes the input's size, and reaches it
 * when the copy ends. Counting per object alone would leave a bar standing still through one
 * large dataset, and through every dataset whose filters change (they are transcoded after
 * all objects are copied).
 */
final class CopyMeter {
  private final CopyProgress progress;
  private final long inSize;
  private long objects;
  private long bytes;
  private long told = -1;

  CopyMeter(CopyProgress progress, long inSize) {
    this.progress = progress;
    this.inSize = inSize;
  }

  /** {@code n} more bytes of the input dealt with. */
  void add(long n) {
    if (n > 0) {
      bytes = Math.min(inSize, bytes + n);
      tell();
    }
  }

  /** One more object copied, whose header held {@code headerBytes} of the input. */
  void object(long headerBytes) {
    objects++;
    bytes = Math.min(inSize, bytes + Math.max(0, headerBytes));
    told = -1; // the object count moved: told even if the bytes did not
    tell();
  }

  /** The copy is done: every byte of the input counts as dealt with. */
  void finish() {
    bytes = inSize;
    tell();
  }

  /**
   * A share of {@code inputBytes} of the input (one dataset's stored data) dealt with in
   * {@code units} steps (the elements it holds): each step done counts its part, and all of
   * them together count {@code inputBytes} exactly.
   */
  Share share(long inputBytes, long units) {
    return new Share(inputBytes, units);
  }

  private void tell() {
    if (bytes != told) {
      told = bytes;
      progress.update(objects, bytes, inSize);
    }
  }

  /** See {@link #share}. */
  final class Share {
    private final long inputBytes;
    private final long units;
    private long unitsDone;
    private long counted;

    private Share(long inputBytes, long units) {
      this.inputBytes = Math.max(0, inputBytes);
      this.units = Math.max(1, units);
    }

    /** {@code n} more units done. */
    void done(long n) {
      unitsDone = Math.min(units, unitsDone + Math.max(0, n));
      // in floating point: bytes times units can pass 2^63
      long due = unitsDone == units ? inputBytes
          : (long) ((double) inputBytes * unitsDone / units);
      add(due - counted);
      counted = Math.max(counted, due);
    }
  }
}
