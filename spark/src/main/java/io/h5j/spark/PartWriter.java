package io.h5j.spark;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * A part file being written: chunks appended one after another along the first dimension of
 * {@value PartFiles#CHUNKS}, and the written-element flags of partly covered ones at the same
 * rows of {@value PartFiles#COVERED} (whose other chunks are never stored). It is written to
 * the store's {@link TargetStore#scratch} file and published at its name when closed.
 */
final class PartWriter implements Closeable {
  private final TargetStore store;
  private final String name;
  private final Path scratch;
  private final H5File file;
  private final Dataset chunks;
  private final Dataset covered;
  private final long[] chunk;
  private final long[] stacked;
  private int rows;

  /** Starts part file {@code name} (relative to the target's folder) of {@code job}. */
  PartWriter(String name, WriteJob job) throws IOException {
    this.store = job.store();
    this.name = name;
    this.chunk = job.grid().chunk();
    this.stacked = chunk.clone();
    stacked[0] = 0;
    long[] max = chunk.clone();
    max[0] = Dataspace.UNLIMITED;
    this.scratch = store.scratch(name);
    // the store makes it durable when it publishes it (a scratch copy needs no sync); chunks
    // are filtered on the task's thread, as Spark gives each task one core
    this.file = H5File.create(scratch).syncOnClose(false).workerThreads(0);
    try {
      this.chunks = file.root().createDataset(PartFiles.CHUNKS, DatasetSpec.empty(
          job.type().stored(), stacked).maxShape(max).chunks(chunk).fillValue(job.fill()));
      this.covered = file.root().createDataset(PartFiles.COVERED, DatasetSpec.empty(
          Datatypes.UINT8, stacked).maxShape(max).chunks(chunk));
    } catch (IOException | RuntimeException e) {
      abandon();
      throw e;
    }
  }

  /** The part file's name in the store. */
  String name() {
    return name;
  }

  /** Makes room for {@code more} chunks at once (one resize rather than one per chunk). */
  void reserve(int more) throws IOException {
    long need = Math.multiplyExact((long) rows + more, chunk[0]);
    if (need > stacked[0]) {
      stacked[0] = need;
      chunks.resize(stacked);
      covered.resize(stacked);
    }
  }

  /**
   * Appends {@code b}, with its flags unless {@code whole}, and returns its row (its place
   * in the stack: it starts at element {@code row * chunk[0]} of the first dimension).
   */
  int append(ChunkBuffer b, boolean whole) throws IOException {
    reserve(1);
    int row = rows++;
    long[] start = new long[chunk.length];
    start[0] = row * chunk[0];
    Selection box = Selection.box(start, chunk);
    chunks.write(box, ByteBuffer.wrap(b.bytes()));
    if (!whole) {
      covered.write(box, ByteBuffer.wrap(b.covered()));
    }
    return row;
  }

  /** Completes the file and publishes it at its name, durably. */
  @Override
  public void close() throws IOException {
    try {
      file.close();
    } catch (IOException | RuntimeException e) {
      store.discard(scratch, name);
      throw e;
    }
    store.publish(scratch, name);
  }

  /** Closes the file, abandoning it: nothing is published, the scratch file is removed. */
  void abandon() throws IOException {
    try {
      file.closeWithoutFlush();
    } finally {
      store.discard(scratch, name);
    }
  }
}
