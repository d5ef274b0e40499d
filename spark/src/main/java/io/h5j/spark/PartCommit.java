package io.h5j.spark;

import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.jspecify.annotations.Nullable;

/**
 * What a task tells the driver when it commits: its part file, the chunks in it (a chunk may
 * appear more than once when the task spilled it before all its rows came), and the largest
 * index it saw per dimension (which sets the shape when option {@code shape} does not).
 *
 * @param file the part file's name in the job's folder, or null when the task had no rows
 * @param coords the grid coordinates of each stored chunk, rank values per chunk
 * @param rows the row of each stored chunk in the part file
 * @param whole whether each stored chunk has every element (no flags stored)
 * @param maxIndex the largest index per dimension, -1 where the task had no rows
 */
record PartCommit(@Nullable String file, long[] coords, int[] rows, boolean[] whole,
    long[] maxIndex) implements WriterCommitMessage {}
