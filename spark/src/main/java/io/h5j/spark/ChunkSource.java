package io.h5j.spark;

/**
 * Where one stored chunk is: a part file and its row in the stack of chunks there.
 *
 * @param file the part file's name in the {@link TargetStore} (relative to the target's folder)
 * @param row the chunk's place in the stack (it starts at {@code row * chunk[0]})
 * @param whole whether every element is written (else its flags are stored)
 */
record ChunkSource(String file, int row, boolean whole) {
  /** The first element of the chunk in the part file's datasets. */
  long[] start(int rank, long chunk0) {
    long[] s = new long[rank];
    s[0] = row * chunk0;
    return s;
  }
}
