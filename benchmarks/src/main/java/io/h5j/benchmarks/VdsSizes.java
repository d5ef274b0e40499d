package io.h5j.benchmarks;

/**
 * Sizes and repetitions of the VDS benchmark ({@link CompareVdsWithH5py}).
 *
 * @param smallMappings mappings of the smaller benchmark VDS
 * @param bigMappings mappings of the larger one (whole and single-element reads use it)
 * @param edge chunk edge: every mapping is one {@code edge x edge} float64 chunk
 * @param writeCount virtual datasets written in the write row
 * @param writeMappings mappings of each of them
 * @param laterReads single-element reads after the first one, per open (h5j)
 * @param pyLaterReads the same for h5py, whose reads each walk every mapping (libhdf5 1.10)
 * @param pyOneReps measured opens of h5py's single-element reads (each opens the VDS anew)
 * @param openReps measured repetitions of open + shape and of the single-element reads
 * @param readReps measured repetitions of the whole reads
 * @param writeReps measured repetitions of the h5j write and of its plain-bytes reference
 * @param pyWriteReps measured repetitions of h5py's write (slow; reference only)
 * @param freshReps fresh processes per side for the first-open rows
 */
record VdsSizes(int smallMappings, int bigMappings, int edge, int writeCount,
    int writeMappings, int laterReads, int pyLaterReads, int pyOneReps, int openReps, int readReps, int writeReps,
    int pyWriteReps, int freshReps) {
  static final VdsSizes FULL = new VdsSizes(10_000, 100_000, 8, 100, 10_000, 1000, 20, 3, 10, 5, 7,
      1, 3);
  static final VdsSizes QUICK = new VdsSizes(1_000, 10_000, 8, 10, 1_000, 100, 10, 2, 3, 2, 2, 1, 2);
}
