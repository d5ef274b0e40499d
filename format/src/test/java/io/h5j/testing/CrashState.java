package io.h5j.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One state a crash can leave a file in: the file's bytes at the start with some of the
 * recorded operations replayed over them. Made on demand by {@link #bytes()}, so that a long
 * list of states costs only their recipes.
 */
public final class CrashState {
  /** What ended the writer. */
  public enum Kind {
    /** The process died (kill -9); the page cache, hence every completed write, survived. */
    KILL,
    /** The machine lost power: writes not yet synced may be lost, one of them torn. */
    POWER_CUT
  }

  private final Kind kind;
  private final String label;
  private final byte[] initial;
  private final List<ChannelOp> replay;
  private final long finalSize;

  /**
   * A state made by replaying {@code replay} over {@code initial} (not copied); then, unless
   * {@code finalSize} is negative, cutting or zero-extending the file to that size (file
   * metadata that reached the disk while some data did not).
   */
  CrashState(Kind kind, String label, byte[] initial, List<ChannelOp> replay, long finalSize) {
    this.kind = kind;
    this.label = label;
    this.initial = initial;
    this.replay = List.copyOf(replay);
    this.finalSize = finalSize;
  }

  public Kind kind() {
    return kind;
  }

  /** Which crash this is, for messages: the operation index, the epoch, what was lost. */
  public String label() {
    return label;
  }

  /** The operations replayed, in order (torn writes already cut to the part that landed). */
  public List<ChannelOp> replay() {
    return replay;
  }

  public byte[] bytes() {
    FileImage image = new FileImage(initial);
    for (ChannelOp op : replay) {
      image.apply(op);
    }
    if (finalSize >= 0) {
      image.resize(finalSize);
    }
    return image.bytes();
  }

  /** Writes the state's bytes to {@code file} (replacing it). */
  public Path writeTo(Path file) throws IOException {
    return Files.write(file, bytes());
  }

  @Override
  public String toString() {
    return kind + ": " + label;
  }
}
