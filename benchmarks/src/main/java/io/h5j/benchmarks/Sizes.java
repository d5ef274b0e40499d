package io.h5j.benchmarks;

/**
 * The sizes of the benchmark inputs, shared by the h5j and h5py sides.
 *
 * @param links links in the dense group {@code /g} of links.h5
 * @param attrGroups groups {@code /spread/gNNN} of attrs.h5
 * @param attrsPerGroup scalar int64 attributes per such group ({@code /one} holds them all)
 * @param dataMb MiB of float64 in data.h5, as datasets x0, x1, ... of at most 1 GiB each
 *     (also chunked.h5 and deflate.h5, the same values in 1 MiB chunks)
 * @param randomReads single-chunk reads of x0 per side and round in the random-read rows
 * @param appendRows single-row appends in the append row
 * @param streamMb MiB of float64 written chunk by chunk by a JVM with a small heap
 */
record Sizes(int links, int attrGroups, int attrsPerGroup, long dataMb, int randomReads,
    int appendRows, long streamMb) {
  static final Sizes FULL = new Sizes(100_000, 100, 100, 1024, 1_000, 100_000, 4096);
  static final Sizes QUICK = new Sizes(10_000, 10, 100, 64, 250, 10_000, 256);

  Sizes withDataMb(long mb) {
    return new Sizes(links, attrGroups, attrsPerGroup, mb, randomReads, appendRows, streamMb);
  }

  Sizes withRandomReads(int reads) {
    return new Sizes(links, attrGroups, attrsPerGroup, dataMb, reads, appendRows, streamMb);
  }

  Sizes withStreamMb(long mb) {
    return new Sizes(links, attrGroups, attrsPerGroup, dataMb, randomReads, appendRows, mb);
  }

  /** One h5j read returns one Java array, so the data is split into datasets of <= 1 GiB. */
  static final long MAX_DATASET_BYTES = 1L << 30;

  int attributes() {
    return attrGroups * attrsPerGroup;
  }

  /** Element counts of the datasets x0, x1, ... (same split as h5py_side.data_layout). */
  long[] datasetLengths() {
    long total = dataMb * (1L << 20);
    int n = (int) Math.max(1, (total + MAX_DATASET_BYTES - 1) / MAX_DATASET_BYTES);
    long elements = total / 8;
    long base = elements / n;
    long extra = elements % n;
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = base + (i < extra ? 1 : 0);
    }
    return out;
  }
}
