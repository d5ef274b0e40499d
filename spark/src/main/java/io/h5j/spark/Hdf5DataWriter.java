package io.h5j.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;

/**
 * A task's writer: groups its rows (in any order) into chunk buffers, and when the buffers
 * hold more than option {@code bufferBytes} writes them all to the task's part file and
 * starts afresh, so memory stays bounded; a chunk whose rows come on both sides of such a
 * spill is stored twice, and the driver combines the pieces.
 */
final class Hdf5DataWriter implements DataWriter<InternalRow> {
  private final WriteJob job;
  private final String taskFile;
  private final String partName;
  private final String where;
  private final long[] shape;
  private final byte[] fillElement;
  private final int chunkElements;
  private final Map<ChunkKey, ChunkBuffer> buffers = new LinkedHashMap<>();
  private final long[] maxIndex;
  private final long[] index;
  private final long[] coords;
  private long bufferedBytes;
  private PartWriter part;
  private final List<long[]> storedCoords = new ArrayList<>();
  private final List<Integer> storedRows = new ArrayList<>();
  private final List<Boolean> storedWhole = new ArrayList<>();

  Hdf5DataWriter(WriteJob job, int partition, long taskId) {
    this.job = job;
    this.taskFile = PartFiles.taskFile(partition, taskId);
    this.partName = job.jobDir() + "/" + taskFile;
    this.where = "in partition " + partition + " writing " + job.where();
    this.shape = job.options().shape();
    this.fillElement = job.type().bytesOf(job.fill());
    this.chunkElements = job.grid().elements();
    this.maxIndex = new long[job.rank()];
    Arrays.fill(maxIndex, -1);
    this.index = new long[job.rank()];
    this.coords = new long[job.rank()];
  }

  @Override
  public void write(InternalRow row) throws IOException {
    long[] chunk = job.grid().chunk();
    for (int d = 0; d < index.length; d++) {
      int ordinal = job.indexOrdinals()[d];
      if (row.isNullAt(ordinal)) {
        throw new IllegalArgumentException("hdf5: index column i" + d + " is null " + where);
      }
      long i = row.getLong(ordinal);
      if (i < 0 || (shape != null && i >= shape[d])) {
        throw new IllegalArgumentException("hdf5: index " + i + " of column i" + d + " is"
            + " outside " + (shape != null ? "the shape " + Arrays.toString(shape)
            : "the dataset (indices start at 0)") + " " + where);
      }
      index[d] = i;
      coords[d] = i / chunk[d];
      maxIndex[d] = Math.max(maxIndex[d], i);
    }
    ChunkKey key = new ChunkKey(coords.clone());
    ChunkBuffer b = buffers.get(key);
    if (b == null) {
      b = new ChunkBuffer(coords, chunkElements, job.type().size(), fillElement);
      buffers.put(key, b);
      bufferedBytes += ChunkBuffer.footprint(chunkElements, job.type().size());
    }
    int at = b.claim(job.grid().offsetInChunk(index), index, where);
    if (!row.isNullAt(job.valueOrdinal())) { // a null value leaves the fill value
      job.type().put(row, job.valueOrdinal(), b.view(), at);
    }
    if (bufferedBytes > job.options().bufferBytes()) {
      spill();
    }
  }

  /** Writes every buffered chunk to the part file and empties the buffers. */
  private void spill() throws IOException {
    if (buffers.isEmpty()) {
      return;
    }
    if (part == null) {
      part = new PartWriter(partName, job);
    }
    part.reserve(buffers.size());
    for (ChunkBuffer b : buffers.values()) {
      boolean whole = b.count() == wholeCount(b.coords());
      storedRows.add(part.append(b, whole));
      storedCoords.add(b.coords());
      storedWhole.add(whole);
    }
    buffers.clear();
    bufferedBytes = 0;
  }

  /** The elements of the chunk at {@code c} inside the dataset, as far as the task knows it. */
  private long wholeCount(long[] c) {
    return shape == null ? chunkElements : job.grid().elementsIn(c, shape);
  }

  @Override
  public PartCommit commit() throws IOException {
    spill();
    String name = null;
    if (part != null) {
      PartWriter p = part;
      part = null;
      p.close(); // published, durably
      name = taskFile;
    }
    int n = storedRows.size();
    long[] flat = new long[n * job.rank()];
    int[] rows = new int[n];
    boolean[] whole = new boolean[n];
    for (int k = 0; k < n; k++) {
      System.arraycopy(storedCoords.get(k), 0, flat, k * job.rank(), job.rank());
      rows[k] = storedRows.get(k);
      whole[k] = storedWhole.get(k);
    }
    return new PartCommit(name, flat, rows, whole, maxIndex.clone());
  }

  @Override
  public void abort() throws IOException {
    buffers.clear();
    if (part != null) {
      PartWriter p = part;
      part = null;
      p.abandon();
    }
  }

  @Override
  public void close() throws IOException {
    if (part != null) { // neither committed nor aborted: nothing may use it
      PartWriter p = part;
      part = null;
      p.abandon();
    }
  }
}
