package io.h5j;

import io.h5j.format.H5FormatException;
import io.h5j.format.copy.CopyCounts;
import io.h5j.format.copy.CopyEngine;
import io.h5j.format.copy.CopySettings;
import io.h5j.format.copy.FilterChange;
import io.h5j.format.copy.LayoutChange;
import io.h5j.format.copy.ObjectCopyException;
import io.h5j.format.io.DurableFiles;
import io.h5j.format.io.FileParams;
import io.h5j.format.vds.MappingBlockWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies everything reachable from a file's root into a new file: groups, links, attributes,
 * committed datatypes and datasets of every layout, with object references translated to the
 * new addresses; free space and unreachable objects stay behind. Chunks and contiguous data
 * move as stored bytes (never decompressed), virtual dataset mapping blocks as one heap
 * object each, unless a {@linkplain Builder#filter filter} or {@linkplain Builder#layout
 * layout} change names the dataset: then its elements are read and stored anew.
 *
 * <p>The copy has the input's sizes of offsets and lengths (4 or 8 bytes; 2 is refused). The
 * input is read through memory mappings (it must not shrink meanwhile). The copy is written
 * to a hidden temporary file beside the output, synced, given to the {@linkplain
 * Builder#beforeMove check}, if any, renamed into place and the folder synced: on any error,
 * or a kill at any moment, the output path holds the file it held before or the complete new
 * one. Temporary files that copies to the same output left when killed are removed first.
 * Messages of the exceptions name the output, never the temporary file.
 *
 * <pre>{@code
 * FileCopy.Result r = FileCopy.builder().filter(List.of(), Filter.of(1, true, 6)).build()
 *     .copy(in, out);
 * }</pre>
 */
public final class FileCopy {
  private final List<FilterChange> filters;
  private final List<LayoutChange> layouts;
  private final VdsEncoding vdsEncoding;
  private final Progress progress;
  private final Check check;

  private FileCopy(Builder b) {
    this.filters = List.copyOf(b.filters);
    this.layouts = List.copyOf(b.layouts);
    this.vdsEncoding = b.vdsEncoding;
    this.progress = b.progress;
    this.check = b.check;
  }

  /**
   * A builder with the defaults: every dataset stored as it is, no progress, no check.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Told as a copy goes: after each object, and while a large one is written, every few MiB of
   * its chunks (moved, re-encoded or rewritten); for progress bars. The byte count never goes
   * back, and the last report counts the whole input.
   */
  @FunctionalInterface
  public interface Progress {
    /**
     * @param objects objects copied so far
     * @param bytes bytes of the input copied so far: moved as they are (raw data, heap
     *     collections) or read and written anew (object headers, mapping blocks)
     * @param inputBytes the input file's size, an upper bound for {@code bytes}
     */
    void update(long objects, long bytes, long inputBytes);
  }

  /** Judges the complete copy before it replaces the output. */
  @FunctionalInterface
  public interface Check {
    /**
     * Throws to keep {@code copy} from the output (it is then deleted, the output untouched).
     *
     * @param copy the complete, synced copy under its temporary name
     * @param result what the copy wrote
     * @throws IOException to refuse the copy, with the reason
     */
    void check(Path copy, Result result) throws IOException;
  }

  /** Options of a {@link FileCopy}. */
  public static final class Builder {
    private final List<FilterChange> filters = new ArrayList<>();
    private final List<LayoutChange> layouts = new ArrayList<>();
    private VdsEncoding vdsEncoding;
    private Progress progress;
    private Check check;

    private Builder() {}

    /**
     * Appends {@code filter} to the new pipeline of the datasets at {@code paths} (every
     * dataset if empty); several calls build a pipeline in their order, and changes naming a
     * dataset win over those naming none. A null filter stores them unfiltered. Changes
     * naming no path skip the datasets they cannot apply to (listed in {@link
     * Result#skipped()}); those naming a path fail the copy instead.
     *
     * @param paths absolute dataset paths, or empty for every dataset
     * @param filter the filter to append, or null to store the datasets unfiltered
     * @return this builder
     */
    public Builder filter(List<String> paths, Filter filter) {
      filters.add(new FilterChange(paths, filter == null ? null : filter.description()));
      return this;
    }

    /**
     * Stores the datasets at {@code paths} (every dataset if empty) with layout {@code kind}:
     * {@code CHUNKED} (with {@code chunks}, or null for the dataset's own or a guess),
     * {@code CONTIGUOUS} or {@code COMPACT}. The last change naming a dataset wins.
     *
     * @param paths absolute dataset paths, or empty for every dataset
     * @param kind the new layout
     * @param chunks chunk dimensions for {@code CHUNKED}, or null
     * @return this builder
     * @throws IllegalArgumentException for another kind, or chunks with an unchunked kind
     */
    public Builder layout(List<String> paths, StorageLayout.Kind kind, long[] chunks) {
      LayoutChange.Kind k = switch (kind) {
        case CHUNKED -> LayoutChange.Kind.CHUNKED;
        case CONTIGUOUS -> LayoutChange.Kind.CONTIGUOUS;
        case COMPACT -> LayoutChange.Kind.COMPACT;
        default -> throw new IllegalArgumentException("a copy stores datasets CHUNKED,"
            + " CONTIGUOUS or COMPACT, not " + kind);
      };
      if (chunks != null && k != LayoutChange.Kind.CHUNKED) {
        throw new IllegalArgumentException("chunk dimensions go with CHUNKED, not " + kind);
      }
      layouts.add(new LayoutChange(paths, k, chunks));
      return this;
    }

    /**
     * Stores every virtual dataset's mappings in {@code encoding}; blocks already in it are
     * copied as bytes. Null (the default) copies every block as it is.
     *
     * @param encoding the encoding to write, or null
     * @return this builder
     */
    public Builder vdsEncoding(VdsEncoding encoding) {
      this.vdsEncoding = encoding;
      return this;
    }

    /**
     * Told as the copy goes (see {@link Progress}).
     *
     * @param p the listener, or null for none
     * @return this builder
     */
    public Builder progress(Progress p) {
      this.progress = p;
      return this;
    }

    /**
     * Run on the complete copy before it is moved into place.
     *
     * @param c the check, or null (the default) for none
     * @return this builder
     */
    public Builder beforeMove(Check c) {
      this.check = c;
      return this;
    }

    /**
     * The copy these options describe.
     *
     * @return the copy, reusable for several files
     */
    public FileCopy build() {
      return new FileCopy(this);
    }
  }

  /**
   * What a copy wrote.
   *
   * @param groups groups copied, the root included
   * @param datasets datasets copied, virtual ones included
   * @param virtualDatasets of those, virtual datasets
   * @param datatypes committed datatypes copied
   * @param links links written (hard, soft and external)
   * @param bytesCopied raw data bytes moved as stored (chunks, contiguous data)
   * @param mappingBlocks virtual dataset mapping blocks copied
   * @param identicalMappingBlocks blocks byte-identical to one copied before them
   * @param identicalMappingBlockBytes the bytes of those repeated blocks
   * @param inputBytes size of the input file
   * @param outputBytes size of the output file
   * @param skipped datasets that changes naming no path could not apply to, so they were
   *     copied as they were: one line each, naming the dataset and why
   * @param danglingReferences object references to no object (one deleted after the
   *     reference was stored, as a dimension scale's REFERENCE_LIST keeps them), written as
   *     null references: one line each, naming the address they held
   */
  public record Result(long groups, long datasets, long virtualDatasets, long datatypes,
      long links, long bytesCopied, long mappingBlocks, long identicalMappingBlocks,
      long identicalMappingBlockBytes, long inputBytes, long outputBytes, List<String> skipped,
      List<String> danglingReferences) {
    /**
     * Copies the lists.
     *
     * @param groups groups copied, the root included
     * @param datasets datasets copied, virtual ones included
     * @param virtualDatasets of those, virtual datasets
     * @param datatypes committed datatypes copied
     * @param links links written (hard, soft and external)
     * @param bytesCopied raw data bytes moved as stored (chunks, contiguous data)
     * @param mappingBlocks virtual dataset mapping blocks copied
     * @param identicalMappingBlocks blocks byte-identical to one copied before them
     * @param identicalMappingBlockBytes the bytes of those repeated blocks
     * @param inputBytes size of the input file
     * @param outputBytes size of the output file
     * @param skipped datasets copied as they were, one line each
     * @param danglingReferences object references written as null references, one line each
     */
    public Result {
      skipped = List.copyOf(skipped);
      danglingReferences = List.copyOf(danglingReferences);
    }

    /**
     * Every object copied.
     *
     * @return groups, datasets and committed datatypes together
     */
    public long objects() {
      return groups + datasets + datatypes;
    }

    private static Result of(CopyCounts c) {
      return new Result(c.groups(), c.datasets(), c.virtualDatasets(), c.datatypes(),
          c.links(), c.bytesCopied(), c.mappingBlocks(), c.identicalMappingBlocks(),
          c.identicalMappingBlockBytes(), c.inputBytes(), c.outputBytes(), c.skipped(),
          c.danglingReferences());
    }
  }

  /** A copy that failed on one object: names the object's path and header address. */
  public static final class Failure extends IOException {
    private static final long serialVersionUID = 1L;
    /** The path of the object that failed, as {@link #objectPath()} gives it. */
    private final String objectPath;

    private Failure(String objectPath, String message, Throwable cause) {
      super(message, cause);
      this.objectPath = objectPath;
    }

    /**
     * The path of the object that could not be copied.
     *
     * @return its absolute path, as reached from the root
     */
    public String objectPath() {
      return objectPath;
    }
  }

  /**
   * Copies {@code in} into {@code out} (replaced if it exists).
   *
   * @param in the HDF5 file to copy
   * @param out where the copy goes; a file there is replaced only once the copy is complete
   * @return what the copy wrote
   * @throws IllegalArgumentException if both name the same file, or a change naming a
   *     dataset asks for what it cannot have
   * @throws Failure naming the object that could not be copied
   * @throws io.h5j.format.H5FormatException if {@code in} is not a readable HDF5 file
   * @throws IOException what the {@linkplain Builder#beforeMove check} threw
   */
  public Result copy(Path in, Path out) throws IOException {
    Path target = out.toAbsolutePath();
    if (Files.exists(target) && Files.isSameFile(in, target)) {
      throw new IllegalArgumentException("input and output are the same file (" + in
          + "); name a different output file");
    }
    DurableFiles.removeAbandoned(target);
    Path temp = DurableFiles.temporaryBeside(target);
    boolean done = false;
    try {
      Result result = copyInto(in, out, temp);
      if (check != null) {
        check.check(temp, result);
      }
      DurableFiles.moveIntoPlace(temp, target);
      done = true;
      return result;
    } catch (IOException e) {
      throw namingOutput(e, temp, out);
    } finally {
      if (!done) {
        Files.deleteIfExists(temp);
      }
    }
  }

  /** Copies {@code in} into the new file {@code temp}, synced. */
  private Result copyInto(Path in, Path out, Path temp) throws IOException {
    FileParams sizes = CopyEngine.inputSizes(in);
    // a valid empty file (superblock and root group) with the input's sizes; create wrote
    // and synced it, and a close would sync it again (tens of ms on a busy disk)
    H5File.create(temp, H5File.SUPERBLOCK_V3, sizes.offsetSize(), sizes.lengthSize())
        .closeWithoutFlush();
    MappingBlockWriter.Format encoding = vdsEncoding == null ? null
        : vdsEncoding == VdsEncoding.V0 ? MappingBlockWriter.Format.V0
        : MappingBlockWriter.Format.V1_COMPACT;
    CopySettings settings = new CopySettings(filters, layouts, encoding, false,
        progress == null ? null : progress::update);
    try (H5File values = settings.changesStorage() ? H5File.open(in) : null) {
      return Result.of(CopyEngine.copy(in, temp, out, settings,
          values == null ? null : new CopyElements(values)));
    } catch (ObjectCopyException e) {
      throw new Failure(e.objectPath(), e.getMessage(), e.getCause());
    }
  }

  /**
   * {@code e} as the caller should see it: a message naming the hidden temporary file names
   * the output instead (the caller never asked for the temporary name, and it is gone).
   */
  private static IOException namingOutput(IOException e, Path temp, Path out) {
    String message = e.getMessage();
    if (message == null || !message.contains(temp.toString())) {
      return e;
    }
    String fixed = message.replace(temp.toString(), out.toString());
    if (e instanceof Failure f) {
      return new Failure(f.objectPath(), fixed, f.getCause());
    }
    return e instanceof H5FormatException f
        ? new H5FormatException(f.structure(), f.offset(),
            f.detail().replace(temp.toString(), out.toString()), e)
        : new IOException(fixed, e);
  }
}
