package io.h5j.spark;

import java.util.Arrays;

/**
 * A chunk's grid coordinates as a map key (compared by value).
 *
 * @param coords the coordinates, slowest dimension first; not changed once in a key
 */
record ChunkKey(long[] coords) {
  @Override
  public boolean equals(Object o) {
    return o instanceof ChunkKey k && Arrays.equals(coords, k.coords);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(coords);
  }

  @Override
  public String toString() {
    return Arrays.toString(coords);
  }
}
