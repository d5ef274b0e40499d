package io.h5j.spark;

import org.jspecify.annotations.Nullable;

/**
 * The steps by which a write makes its files durable and puts them in place, reported to a
 * listener in the order they happen: a test checks by them that every part file is on disk
 * before the target that maps it is placed, and acts as a concurrent writer once a versioned
 * file was copied. No listener outside tests.
 */
final class WriteEvents {
  /** A durability step. */
  enum Kind {
    /** A file's bytes were forced to disk ({@code fsync}). */
    FORCED,
    /** A folder was synced, making the names in it durable. */
    FOLDER_SYNCED,
    /** The target file was put at its name (renamed into place, durably). */
    PLACED,
    /** A file of a Hadoop file system was copied to a local working copy, to be changed. */
    COPIED
  }

  /** Receives the steps, from the driver's and the tasks' threads. */
  @FunctionalInterface
  interface Listener {
    /** Step {@code kind} happened to file or folder {@code name} (relative to the target's). */
    void step(Kind kind, String name);
  }

  private static volatile @Nullable Listener listener;

  private WriteEvents() {}

  /** Sends the steps to {@code l} (null: to none). */
  static void listen(@Nullable Listener l) {
    listener = l;
  }

  static void report(Kind kind, String name) {
    Listener l = listener;
    if (l != null) {
      l.step(kind, name);
    }
  }
}
