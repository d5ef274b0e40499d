package io.h5j.repack;

import io.h5j.format.CheckReport;
import io.h5j.FileCheck;
import io.h5j.FileCopy;
import io.h5j.StorageLayout;
import io.h5j.VdsEncoding;
import java.io.IOException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Copies everything reachable from a file's root into a new file: groups, links, attributes,
 * committed datatypes and datasets of every layout, with object references translated to the
 * new addresses. Free space and unreachable objects stay behind. Chunks and contiguous data
 * move as stored bytes (never decompressed), virtual dataset mapping blocks as one heap
 * object each, header messages as bytes unless they hold addresses. A tool over
 * {@link io.h5j.FileCopy}, which does the copy, the check hook and the move into place.
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
  /** Differences a {@linkplain Builder#verify verify} lists before it stops looking. */
  public static final int MAX_DIFFERENCES = 20;

  private final RepackProgress progress;
  private final VdsEncoding vdsEncoding;
  private final boolean checkOutput;
  private final boolean verify;
  private final java.util.List<FilterOption> filters;
  private final java.util.List<LayoutOption> layouts;

  private Repacker(Builder b) {
    this.checkOutput = b.checkOutput;
    this.verify = b.verify;
    this.progress = b.progress;
    this.vdsEncoding = b.vdsEncoding;
    this.filters = java.util.List.copyOf(b.filters);
    this.layouts = java.util.List.copyOf(b.layouts);
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
    private VdsEncoding vdsEncoding;
    private boolean checkOutput = true;
    private boolean verify;
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
    public Builder vdsEncoding(@Nullable VdsEncoding format) {
      this.vdsEncoding = format;
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
     * Whether the output is read back and compared with the input before it is put in place
     * (default false), as {@link RepackVerifier} compares them: every object, attribute and
     * element, in bounded memory. A difference throws {@link VerifyException} and leaves no
     * output.
     *
     * @param verify whether to compare the output with the input
     * @return this builder
     */
    public Builder verify(boolean verify) {
      this.verify = verify;
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
     * Told as the copy goes (see {@link RepackProgress}), then as the output is checked and
     * verified.
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
   * @throws NoSuchDatasetException if a filter or layout change names a path where {@code in}
   *     has no dataset (nothing is written)
   * @throws RepackException naming the object that could not be copied
   * @throws OutputCheckException if the copy failed the structural check (nothing written)
   * @throws VerifyException if {@linkplain Builder#verify verified} and the copy does not hold
   *     what {@code in} holds (nothing written)
   * @throws io.h5j.format.H5FormatException if {@code in} is not a readable HDF5 file
   */
  public RepackReport repack(Path in, Path out) throws IOException {
    java.util.Set<String> named = new java.util.LinkedHashSet<>();
    filters.forEach(f -> named.addAll(f.paths()));
    layouts.forEach(l -> named.addAll(l.paths()));
    NamedDatasets.check(in, named);
    FileCopy.Builder copy = FileCopy.builder().vdsEncoding(vdsEncoding)
        .progress(progress::update);
    filters.forEach(f -> copy.filter(f.paths(), f.filter()));
    layouts.forEach(l -> copy.layout(l.paths(), StorageLayout.Kind.valueOf(l.kind().name()),
        l.chunks()));
    if (checkOutput || verify) {
      copy.beforeMove((temp, report) -> {
        if (checkOutput) {
          check(in, out, temp, report);
        }
        if (verify) {
          verify(in, out, temp);
        }
      });
    }
    try {
      return report(copy.build().copy(in, out));
    } catch (FileCopy.Failure e) {
      throw new RepackException(e.objectPath(), e.getMessage(), e.getCause());
    }
  }

  private void check(Path in, Path out, Path temp, FileCopy.Result report) throws IOException {
    long total = report.objects();
    CheckReport check = FileCheck.options()
        .progress(n -> progress.checking(n, total)).run(temp);
    if (!check.clean()) {
      throw new OutputCheckException(in, out, check);
    }
  }

  /** Compares the complete copy {@code temp} with {@code in}; names {@code out}, not temp. */
  private void verify(Path in, Path out, Path temp) throws IOException {
    java.util.List<String> differences = RepackVerifier.compare(in, temp, MAX_DIFFERENCES,
        progress::verifying);
    if (!differences.isEmpty()) {
      throw new VerifyException(in, out, differences.stream()
          .map(d -> d.replace(temp.toString(), out.toString())).toList());
    }
  }

  private static RepackReport report(FileCopy.Result r) {
    return new RepackReport(r.groups(), r.datasets(), r.virtualDatasets(), r.datatypes(),
        r.links(), r.bytesCopied(), r.mappingBlocks(), r.identicalMappingBlocks(),
        r.identicalMappingBlockBytes(), r.inputBytes(), r.outputBytes(), r.skipped(),
        r.danglingReferences());
  }
}
