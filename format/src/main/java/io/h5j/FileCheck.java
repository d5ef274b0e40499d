package io.h5j;

import io.h5j.format.CheckReport;
import io.h5j.format.check.StructureCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.LongConsumer;

/**
 * A read-only structural check of an HDF5 file: everything reachable from the superblock is
 * decoded and verified as libhdf5 would need it to open and read the file, and every problem
 * is reported with the object path, the structure and its file offset, not only the first.
 *
 * <p>Checked: the superblock and its extension; every object header (signature, checksum,
 * continuation chunks) and every message in it; attributes, compact or dense (fractal heap
 * blocks, name and creation-order B-trees); group links of every storage (symbol table
 * B-tree, local heap, dense storage), every hard link followed once, so link cycles end;
 * dataset storage: contiguous and compact sizes, every chunk index structure and entry
 * (the chunks themselves are not read), external file lists, virtual dataset mapping blocks
 * (checksum and every mapping); the global heap objects that attribute values, fill values and
 * compact data point to, and the objects their references name. Every address must lie below
 * the end of allocation the superblock records and inside the file. Not checked: raw data
 * (chunks and contiguous bytes, and what their variable-length elements point to), free
 * space, and objects nothing links to.
 *
 * <pre>{@code
 * CheckReport r = FileCheck.check(path);
 * if (!r.clean()) r.problems().forEach(System.err::println);
 * }</pre>
 *
 * <p>Time and memory grow with the number of objects and structures, not with raw data.
 */
public final class FileCheck {
  /** Problems a report lists unless told otherwise (all are counted). */
  public static final int DEFAULT_MAX_PROBLEMS = 1000;

  private int maxProblems = DEFAULT_MAX_PROBLEMS;
  private LongConsumer progress = n -> { };

  private FileCheck() {}

  /**
   * A check with the defaults, to adjust before {@link #run}.
   *
   * @return a new check with default options
   */
  public static FileCheck options() {
    return new FileCheck();
  }

  /**
   * Checks {@code file} with the defaults.
   *
   * @param file the file to check; it is opened read-only and not changed
   * @return what was found; damage is reported there, never thrown
   * @throws IOException when the file cannot be opened or read (missing, a folder, an I/O error)
   */
  public static CheckReport check(Path file) throws IOException {
    return options().run(file);
  }

  /**
   * Lists at most {@code max} problems in the report (at least 1); all are counted.
   *
   * @param max the most problems listed, at least 1
   * @return this check
   */
  public FileCheck maxProblems(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("maxProblems must be at least 1, not " + max);
    }
    this.maxProblems = max;
    return this;
  }

  /**
   * Told the number of objects checked so far, after each object.
   *
   * @param objectsChecked called with the running count, on the checking thread
   * @return this check
   */
  public FileCheck progress(LongConsumer objectsChecked) {
    this.progress = objectsChecked == null ? n -> { } : objectsChecked;
    return this;
  }

  /**
   * Checks {@code file}, which is opened read-only and not changed.
   *
   * @param file the file to check
   * @return what was found; damage is reported there, never thrown
   * @throws IOException when the file cannot be opened or read (missing, a folder, an I/O
   *     error)
   */
  public CheckReport run(Path file) throws IOException {
    return StructureCheck.run(file, maxProblems, progress);
  }
}
