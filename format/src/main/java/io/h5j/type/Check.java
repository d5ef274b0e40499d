package io.h5j.type;

/** Argument checks shared by the datatype records; failures are IllegalArgumentException. */
final class Check {
  private Check() {}

  static void that(boolean ok, String what) {
    if (!ok) {
      throw new IllegalArgumentException(what);
    }
  }

  /**
   * As {@link #that(boolean, String)}, the message built only on failure: datatypes are made
   * for every dataset and attribute a file walk meets (a repack of a versioned file makes
   * some 300,000), where building each message would cost more than the check.
   */
  static void that(boolean ok, java.util.function.Supplier<String> what) {
    if (!ok) {
      throw new IllegalArgumentException(what.get());
    }
  }

  static <T> T notNull(T v, String name) {
    if (v == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    return v;
  }

  /** Checks that the bit range [offset, offset + precision) lies inside {@code size} bytes. */
  static void bitRange(int size, int offset, int precision, String type) {
    that(offset >= 0 && precision >= 1 && (long) offset + precision <= 8L * size,
        () -> type + ": bit offset " + offset + " + precision " + precision
            + " must lie within the " + size + "-byte element and precision must be >= 1");
  }
}
