package io.h5j;

import io.h5j.format.copy.ElementSource;
import io.h5j.format.message.LayoutMessage;
import io.h5j.internal.DatasetInternals;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** The input of a {@link FileCopy} read through the dataset API, for the copy engine. */
final class CopyElements implements ElementSource {
  private final H5File file;

  CopyElements(H5File file) {
    this.file = file;
  }

  @Override
  public Elements dataset(String path) throws IOException {
    Dataset d = file.dataset(path);
    return new Elements() {
      @Override
      public String path() {
        return d.path();
      }

      @Override
      public long address() {
        return d.address();
      }

      @Override
      public LayoutMessage layout() throws IOException {
        return DatasetInternals.layout(d);
      }

      @Override
      public byte[] fillValueBytes() throws IOException {
        return d.fillValueBytes();
      }

      @Override
      public void read(long[] start, long[] count, ByteBuffer into) throws IOException {
        boolean whole = Arrays.stream(start).allMatch(s -> s == 0)
            && Arrays.equals(count, d.dataspace().dims());
        d.read(whole ? Selection.all() : Selection.box(start, count), into);
      }
    };
  }
}
