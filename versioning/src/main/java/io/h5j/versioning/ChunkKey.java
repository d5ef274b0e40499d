package io.h5j.versioning;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/** A chunk's position in the chunk grid (element offset / chunk shape), ordered C-wise. */
record ChunkKey(long[] coords) implements Comparable<ChunkKey> {
  ChunkKey {
    coords = coords.clone();
  }

  /** The element offset of this chunk's first element. */
  long[] offset(long[] chunks) {
    long[] o = new long[coords.length];
    for (int d = 0; d < o.length; d++) {
      o[d] = coords[d] * chunks[d];
    }
    return o;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof ChunkKey k && Arrays.equals(coords, k.coords);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(coords);
  }

  @Override
  public int compareTo(ChunkKey o) {
    return Arrays.compare(coords, o.coords);
  }

  @Override
  public String toString() {
    return Arrays.toString(coords);
  }
}
