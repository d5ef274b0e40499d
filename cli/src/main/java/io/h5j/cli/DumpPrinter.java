package io.h5j.cli;

import io.h5j.Dataset;
import io.h5j.Link;
import io.h5j.StorageLayout;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;

/**
 * Formats what {@link DumpWalker} finds, object by object in the walk's order (a group, then
 * what is below it, then its end). A printer only writes: the walker reads metadata and
 * reports failures, and a dataset's values come slab by slab from {@link DatasetValues}.
 */
interface DumpPrinter {
  /**
   * A dataset's metadata, read before anything of it is printed; {@code layoutName} is
   * {@link Dataset#layoutName()} (external data prints as CONTIGUOUS, as it always has).
   */
  record DatasetInfo(Dataset dataset, Datatype type, Dataspace space, StorageLayout layout,
      String layoutName) {}

  /** @param members why the group's members could not be listed, or null */
  void group(String path, DumpAttributes attributes, ReadFailure members);

  /** After everything below the group at {@code path}. */
  void endGroup(String path);

  /**
   * A dataset; {@code values} is null for a NULL dataspace. The printer pulls the values;
   * when they end early ({@link DatasetValues#failure}) it says so in its output.
   */
  void dataset(String path, DatasetInfo info, DatasetValues values, DumpAttributes attributes);

  void datatype(String path, Datatype type, DumpAttributes attributes);

  /** A soft, external or user-defined link. */
  void link(String path, Link link);

  /** A hard link to an object printed already. */
  void seenAgain(String path);

  /**
   * An object that could not be read.
   *
   * @param kind "dataset", "group", "datatype", or "object" when not even that is known
   */
  void unreadable(String path, String kind, ReadFailure failure);

  /** After the last object. */
  void finish();
}
