package io.h5j.repack;

import io.h5j.FileCheck;
import io.h5j.H5File;
import io.h5j.format.check.CheckReport;
import io.h5j.format.io.DurableFiles;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.object.H5Context;
import io.h5j.format.superblock.Superblock;
import io.h5j.format.superblock.SuperblockCodec;
import io.h5j.format.vds.MappingBlockWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Copies everything reachable from a file's root into a new file: groups, links, attributes,
 * committed datatypes and datasets of every layout, with object references translated to the
 * new addresses. Free space and unreachable objects stay behind. Chunks and contiguous data
 * move as stored bytes (never decompressed), virtual dataset mapping blocks as one heap
 * object each, header messages as bytes unless they hold addresses.
 *
 * <p>The output has the input's sizes of offsets and lengths (4 or 8 bytes; 2 is refused).
 *
 * <p>The input is opened read-only and read through memory mappings (it must not shrink while
 * it is copied). The output is written to a hidden temporary file beside it
 * ({@code .OUT.PID.N.part}), in few large gathering writes, synced, checked (by default: a
 * structural check, {@link io.h5j.FileCheck}, that libhdf5 can read it), renamed into place and
 * the folder synced: on any error, or a kill at any moment, the output path holds the file it
 * held before or the complete new one. Temporary files that repacks to the same output left
 * when they were killed are removed first.
 *
 * <pre>{@code
 * RepackReport r = Repacker.builder().progress(bar).build().repack(in, out);
 * }</pre>
 */
public final class Repacker {
  private final RepackProgress progress;
  private final StoragePlanner planner;
  private final MappingBlockWriter.Format vdsEncoding;
  private final boolean shareVdsBlocks;
  private final boolean checkOutput;

  private Repacker(Builder b) {
    this.checkOutput = b.checkOutput;
    this.shareVdsBlocks = b.shareVdsBlocks;
    this.progress = b.progress;
    this.vdsEncoding = b.vdsEncoding;
    this.planner = new StoragePlanner(b.filters, b.layouts);
  }

  /**
   * A builder with the defaults: no progress reports.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Options of a {@link Repacker}. */
  public static final class Builder {
    private RepackProgress progress = RepackProgress.NONE;
    private MappingBlockWriter.Format vdsEncoding;
    private boolean shareVdsBlocks;
    private boolean checkOutput = true;
    private final java.util.List<FilterOption> filters = new java.util.ArrayList<>();
    private final java.util.List<LayoutOption> layouts = new java.util.ArrayList<>();

    private Builder() {}

    /**
     * Changes the filters of datasets (h5repack's {@code -f}); such datasets are decoded and
     * encoded again instead of copied as stored.
     *
     * @param f the filter change; several build a pipeline in the order given
     * @return this builder
     */
    public Builder filter(FilterOption f) {
      filters.add(f);
      return this;
    }

    /**
     * Stores every virtual dataset's mappings in {@code format}: V0 (what libhdf5 1.10
     * reads) or V1_COMPACT (HDF5 2.0). Blocks already in it are copied as bytes; null (the
     * default) copies every block as it is.
     *
     * @param format the encoding to write, or null to copy every block as it is
     * @return this builder
     */
    public Builder vdsEncoding(MappingBlockWriter.@Nullable Format format) {
      this.vdsEncoding = format;
      return this;
    }

    /**
     * Stores each distinct mapping block once, byte-identical blocks shared by their virtual
     * datasets. Not offered publicly: libhdf5 1.10.8 frees a virtual dataset's block when the
     * dataset is deleted, whoever else points at it, which corrupts the others
     * ({@code SharedMappingBlocksTest} shows it). Kept for that test.
     */
    Builder shareVdsBlocks(boolean share) {
      this.shareVdsBlocks = share;
      return this;
    }

    /**
     * Whether the output is checked before it is put in place (default true): every object
     * header, heap object and chunk index entry reachable from its root must decode, inside
     * the file, checksums matching ({@link io.h5j.FileCheck}; no raw data is read). A failed
     * check throws {@link OutputCheckException} and leaves no output.
     *
     * @param check whether to check the output
     * @return this builder
     */
    public Builder checkOutput(boolean check) {
      this.checkOutput = check;
      return this;
    }

    /**
     * Changes the layout of datasets (h5repack's {@code -l}).
     *
     * @param l the layout change
     * @return this builder
     */
    public Builder layout(LayoutOption l) {
      layouts.add(l);
      return this;
    }

    /**
     * Told after every object copied.
     *
     * @param p the listener, called on the copying thread; null for none
     * @return this builder
     */
    public Builder progress(@Nullable RepackProgress p) {
      this.progress = p == null ? RepackProgress.NONE : p;
      return this;
    }

    /**
     * A repacker with the options given so far.
     *
     * @return the repacker
     */
    public Repacker build() {
      return new Repacker(this);
    }
  }

  /**
   * Copies {@code in} into {@code out} (replaced if it exists).
   *
   * @param in the HDF5 file to copy; it is not changed
   * @param out the file to write; it is put in place only once complete (and checked)
   * @return what was copied, with the sizes of both files
   * @throws IllegalArgumentException if both name the same file
   * @throws RepackException naming the object that could not be copied
   * @throws OutputCheckException if the copy failed the structural check (nothing written)
   * @throws io.h5j.format.H5FormatException if {@code in} is not a readable HDF5 file
   */
  public RepackReport repack(Path in, Path out) throws IOException {
    Path target = out.toAbsolutePath();
    if (Files.exists(target) && Files.isSameFile(in, target)) {
      throw new IllegalArgumentException("input and output are the same file (" + in
          + "); name a different output file");
    }
    DurableFiles.removeAbandoned(target);
    Path temp = DurableFiles.temporaryBeside(target);
    boolean done = false;
    try {
      RepackReport report = copy(in, out, temp);
      if (checkOutput) {
        long total = report.groups() + report.datasets() + report.datatypes();
        CheckReport check = FileCheck.options()
            .progress(n -> progress.checking(n, total)).run(temp);
        if (!check.clean()) {
          throw new OutputCheckException(in, out, check);
        }
      }
      DurableFiles.moveIntoPlace(temp, target);
      done = true;
      return report;
    } catch (IOException e) {
      throw namingOutput(e, temp, out);
    } finally {
      if (!done) {
        Files.deleteIfExists(temp);
      }
    }
  }

  /** Copies {@code in} into the new file {@code temp} and syncs it (flush forces it). */
  private RepackReport copy(Path in, Path out, Path temp) throws IOException {
    FileParams sizes = inputSizes(in);
    // a valid empty file (superblock and root group) with the input's sizes; create wrote
    // and synced it, and a close would sync it again (tens of ms on a busy disk)
    H5File.create(temp, H5File.SUPERBLOCK_V3, sizes.offsetSize(), sizes.lengthSize())
        .closeWithoutFlush();
    try (MappedInput inBytes = MappedInput.open(in);
        BatchedOutput outBytes = BatchedOutput.open(temp);
        FileAccess inAccess = FileAccess.borrow(in, inBytes, false);
        FileAccess outAccess = FileAccess.borrow(temp, outBytes, true);
        H5File values = planner.changesAnything() ? H5File.open(in) : null) {
      H5Context source = H5Context.open(inAccess);
      H5Context dest = H5Context.open(outAccess);
      dest.deferCommitOrderToFlush(); // renamed into place only once flushed
      ByteRuns runs = new ByteRuns(inAccess, inBytes, outAccess, outBytes);
      RepackReport report = new ObjectCopier(source, dest, runs, progress, planner, values,
          vdsEncoding, shareVdsBlocks).copyAll();
      checkFits(dest, out);
      dest.flush(); // writes what is pending, the superblock, then forces the file
      return report;
    }
  }

  /**
   * {@code e} as the caller should see it: a message naming the hidden temporary file names
   * the output instead (the user never asked for the temporary name, and it is gone).
   */
  private static IOException namingOutput(IOException e, Path temp, Path out) {
    String message = e.getMessage();
    if (message == null || !message.contains(temp.toString())) {
      return e;
    }
    String fixed = message.replace(temp.toString(), out.toString());
    if (e instanceof RepackException r) {
      return new RepackException(r, fixed);
    }
    return e instanceof io.h5j.format.H5FormatException f
        ? new io.h5j.format.H5FormatException(f.structure(), f.offset(),
            f.detail().replace(temp.toString(), out.toString()), e)
        : new IOException(fixed, e);
  }

  /**
   * IN's sizes of offsets and lengths, which OUT keeps, so that everything copied as bytes
   * (datatype sizes of references and variable-length data, dataspaces, element data) stays
   * valid. 2-byte ones are refused: libhdf5 1.10.8 cannot read the new-style groups and dense
   * attributes OUT would have with them (it cannot read its own either).
   */
  private static FileParams inputSizes(Path in) throws IOException {
    try (FileAccess fa = FileAccess.openRead(in)) {
      Superblock sb = SuperblockCodec.read(fa);
      FileParams p = sb.params();
      if (p.offsetSize() < 4 || p.lengthSize() < 4) {
        throw new io.h5j.format.H5FormatException("superblock of " + in, sb.location(), "uses "
            + p.offsetSize() + "-byte addresses and " + p.lengthSize()
            + "-byte lengths; h5j repacks files with 4- or 8-byte ones");
      }
      return p;
    }
  }

  /** The output's addresses must fit the size of offsets it shares with the input. */
  private static void checkFits(H5Context out, Path target) throws IOException {
    int size = out.params().offsetSize();
    long end = out.allocator().endOfAllocation();
    if (size < 8 && end >= (1L << (8 * size)) - 1) {
      throw new io.h5j.format.H5FormatException("output " + target, 0, "needs " + end
          + " bytes, more than its " + size + "-byte addresses (those of the input) can reach");
    }
  }
}
