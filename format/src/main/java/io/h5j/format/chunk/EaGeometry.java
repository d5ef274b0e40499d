package io.h5j.format.chunk;

/**
 * The block arithmetic of an extensible array, shared by reader and writer, as libhdf5
 * derives it from the creation parameters: super block {@code s} holds
 * {@code 2^floor(s/2)} data blocks of {@code dataBlkMinElmts * 2^floor((s+1)/2)} elements;
 * the index block holds {@code idxBlkElmts} elements, the data block addresses of the first
 * {@code 2 * log2(supBlkMinDataPtrs)} super blocks ({@code 2 * (supBlkMinDataPtrs - 1)}
 * of them) and the addresses of the remaining super blocks. Data blocks of more than
 * {@code 2^pageBits} elements are paged.
 */
final class EaGeometry {
  final int maxNelmtsBits;
  final int idxBlkElmts;
  final int dataBlkMinElmts;
  final int supBlkMinDataPtrs;
  final int pageBits;
  final int nsblks;
  final int iblockNsblks;
  final int ndblkAddrs;
  final int nsblkAddrs;
  final int arrOffSize;
  final long[] ndblks;
  final long[] dblkNelmts;
  final long[] startIdx;
  final long[] startDblk;

  private EaGeometry(int maxNelmtsBits, int idxBlkElmts, int dataBlkMinElmts,
      int supBlkMinDataPtrs, int pageBits) {
    this.maxNelmtsBits = maxNelmtsBits;
    this.idxBlkElmts = idxBlkElmts;
    this.dataBlkMinElmts = dataBlkMinElmts;
    this.supBlkMinDataPtrs = supBlkMinDataPtrs;
    this.pageBits = pageBits;
    this.nsblks = 1 + maxNelmtsBits - log2(dataBlkMinElmts);
    this.iblockNsblks = Math.min(nsblks, 2 * log2(supBlkMinDataPtrs));
    this.ndblkAddrs = 2 * (supBlkMinDataPtrs - 1);
    this.nsblkAddrs = nsblks - iblockNsblks;
    this.arrOffSize = (maxNelmtsBits + 7) / 8;
    ndblks = new long[nsblks];
    dblkNelmts = new long[nsblks];
    startIdx = new long[nsblks];
    startDblk = new long[nsblks];
    long idx = 0;
    long dblk = 0;
    for (int s = 0; s < nsblks; s++) {
      ndblks[s] = 1L << Math.min(62, s / 2);
      dblkNelmts[s] = sat((long) dataBlkMinElmts, 1L << Math.min(62, (s + 1) / 2));
      startIdx[s] = idx;
      startDblk[s] = dblk;
      idx = satAdd(idx, sat(ndblks[s], dblkNelmts[s]));
      dblk = satAdd(dblk, ndblks[s]);
    }
  }

  /**
   * @return the geometry, or null with {@code why[0]} set when the parameters are invalid
   */
  static EaGeometry of(int maxNelmtsBits, int idxBlkElmts, int dataBlkMinElmts,
      int supBlkMinDataPtrs, int pageBits, String[] why) {
    if (maxNelmtsBits < 1 || maxNelmtsBits > 64) {
      why[0] = "max elements bits " + maxNelmtsBits + " is not 1..64";
    } else if (dataBlkMinElmts < 1 || Integer.bitCount(dataBlkMinElmts) != 1
        || log2(dataBlkMinElmts) > maxNelmtsBits) {
      why[0] = "data block minimum of " + dataBlkMinElmts + " elements is not a power of two"
          + " below 2^" + maxNelmtsBits;
    } else if (supBlkMinDataPtrs < 2 || Integer.bitCount(supBlkMinDataPtrs) != 1) {
      why[0] = "super block minimum of " + supBlkMinDataPtrs
          + " data block pointers is not a power of two of at least 2";
    } else if (pageBits > 31) {
      why[0] = "data block page bits " + pageBits + " exceed 31";
    } else {
      EaGeometry g = new EaGeometry(maxNelmtsBits, idxBlkElmts, dataBlkMinElmts,
          supBlkMinDataPtrs, pageBits);
      if (g.iblockNsblks > 0 && g.dblkNelmts[g.iblockNsblks - 1] > g.pageElmts()) {
        why[0] = "data blocks addressed by the index block would be paged";
        return null;
      }
      return g;
    }
    return null;
  }

  static int log2(long v) {
    return 63 - Long.numberOfLeadingZeros(v);
  }

  private static long sat(long a, long b) {
    return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
  }

  private static long satAdd(long a, long b) {
    long r = a + b;
    return r < 0 ? Long.MAX_VALUE : r;
  }

  long pageElmts() {
    return 1L << pageBits;
  }

  /** Pages of a data block in super block {@code s}; 0 if its data blocks are not paged. */
  long pages(int s) {
    return dblkNelmts[s] > pageElmts() ? dblkNelmts[s] / pageElmts() : 0;
  }

  /** Bytes of page-init bitmap per data block of super block {@code s}. */
  long bitmapBytesPerBlock(int s) {
    return (pages(s) + 7) / 8;
  }

  /** Super block holding element {@code idx} (which must be past the index block). */
  int superBlockOf(long idx) {
    return log2((idx - idxBlkElmts) / dataBlkMinElmts + 1);
  }

  /** Elements held by the index block and super blocks before {@code s}. */
  long firstElement(int s) {
    return satAdd(idxBlkElmts, startIdx[s]);
  }
}
