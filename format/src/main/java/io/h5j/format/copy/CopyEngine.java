package io.h5j.format.copy;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.object.H5Context;
import io.h5j.format.superblock.Superblock;
import io.h5j.format.superblock.SuperblockCodec;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Copies everything reachable from a file's root into a new file, as libhdf5's
 * {@code H5Ocopy} does inside the library: the engine behind {@code io.h5j.FileCopy}, which
 * owns the temporary file, the check hook and the move into place.
 */
public final class CopyEngine {
  private CopyEngine() {}

  /**
   * IN's sizes of offsets and lengths, which the copy keeps, so that everything copied as
   * bytes (datatype sizes of references and variable-length data, dataspaces, element data)
   * stays valid. 2-byte ones are refused: libhdf5 1.10.8 cannot read the new-style groups and
   * dense attributes the copy would have with them (it cannot read its own either).
   */
  public static FileParams inputSizes(Path in) throws IOException {
    try (FileAccess fa = FileAccess.openRead(in)) {
      Superblock sb = SuperblockCodec.read(fa);
      FileParams p = sb.params();
      if (p.offsetSize() < 4 || p.lengthSize() < 4) {
        throw new H5FormatException("superblock of " + in, sb.location(), "uses "
            + p.offsetSize() + "-byte addresses and " + p.lengthSize()
            + "-byte lengths; h5j repacks files with 4- or 8-byte ones");
      }
      return p;
    }
  }

  /**
   * Copies {@code in} into {@code dest}, a valid empty file (superblock and root group) with
   * {@link #inputSizes IN's sizes}, and syncs it.
   *
   * @param values the input's elements, for datasets whose storage {@code settings} change
   *     (null when they change none)
   * @param out the name to give the output in messages
   * @throws ObjectCopyException naming the object that could not be copied
   */
  public static CopyCounts copy(Path in, Path dest, Path out, CopySettings settings,
      ElementSource values) throws IOException {
    try (MappedInput inBytes = MappedInput.open(in);
        BatchedOutput outBytes = BatchedOutput.open(dest);
        FileAccess inAccess = FileAccess.borrow(in, inBytes, false);
        FileAccess outAccess = FileAccess.borrow(dest, outBytes, true)) {
      H5Context source = H5Context.open(inAccess);
      H5Context target = H5Context.open(outAccess);
      target.deferCommitOrderToFlush(); // renamed into place only once flushed
      CopyMeter meter = new CopyMeter(settings.progress(), inAccess.size());
      ByteRuns runs = new ByteRuns(inAccess, inBytes, outAccess, outBytes, meter);
      StoragePlanner planner = new StoragePlanner(settings.filters(), settings.layouts());
      CopyCounts counts = new ObjectCopier(source, target, runs, meter, planner,
          values, settings.vdsEncoding(), settings.shareVdsBlocks()).copyAll();
      meter.finish();
      checkFits(target, out);
      target.flush(); // writes what is pending, the superblock, then forces the file
      return counts;
    }
  }

  /** The output's addresses must fit the size of offsets it shares with the input. */
  private static void checkFits(H5Context out, Path target) throws IOException {
    int size = out.params().offsetSize();
    long end = out.allocator().endOfAllocation();
    if (size < 8 && end >= (1L << (8 * size)) - 1) {
      throw new H5FormatException("output " + target, 0, "needs " + end
          + " bytes, more than its " + size + "-byte addresses (those of the input) can reach");
    }
  }
}
