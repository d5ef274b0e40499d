package io.h5j.cli;

import io.h5j.Dataset;
import io.h5j.Link;
import io.h5j.Node;
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

  /** A hard link to {@code node}, an object printed already. */
  void seenAgain(Node node);

  /**
   * Whether the walk follows an external link into the object it names in another file
   * (h5dump's DDL does), printing that object between {@link #followedExternalLink} and
   * {@link #endFollowedExternalLink}.
   */
  default boolean followsExternalLinks() {
    return false;
  }

  /** An external link whose target, an object in another file, is printed next. */
  default void followedExternalLink(String path, Link link, Node target) {
    link(path, link);
  }

  /** After the target of the external link at {@code path}. */
  default void endFollowedExternalLink(String path) {}

  /**
   * An object that could not be read.
   *
   * @param kind "dataset", "group", "datatype", or "object" when not even that is known
   */
  void unreadable(String path, String kind, ReadFailure failure);

  /** After the last object. */
  void finish();
}
