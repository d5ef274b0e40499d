package io.h5j.format.dataset;

/**
 * How one file's virtual datasets find and extend over their sources: the options libhdf5
 * sets in a dataset access property list, kept per file (the API's setters write them here).
 */
public final class VirtualSettings {
  private volatile boolean fillMissingSources;
  private volatile boolean deferBlockVerification;
  private volatile boolean firstMissingView;
  private volatile long printfGap;
  /** HDF5_VDS_PREFIX as this file sees it (tests replace it). */
  private volatile String prefix = System.getenv("HDF5_VDS_PREFIX");

  /** Whether a missing source file or dataset reads as the fill value (else it fails). */
  public boolean fillMissingSources() {
    return fillMissingSources;
  }

  public void fillMissingSources(boolean fill) {
    this.fillMissingSources = fill;
  }

  /** Whether a large mapping block is verified after, not before, the first reads (opt-in). */
  public boolean deferBlockVerification() {
    return deferBlockVerification;
  }

  public void deferBlockVerification(boolean defer) {
    this.deferBlockVerification = defer;
  }

  /**
   * Whether unlimited mappings extend only as far as all of them reach (libhdf5's
   * {@code H5D_VDS_FIRST_MISSING}); else as far as the furthest (last available).
   */
  public boolean firstMissingView() {
    return firstMissingView;
  }

  public void firstMissingView(boolean firstMissing) {
    this.firstMissingView = firstMissing;
  }

  /** Missing printf-style sources in a row looked past (under the last-available view). */
  public long printfGap() {
    return printfGap;
  }

  public void printfGap(long gap) {
    this.printfGap = gap;
  }

  /** Where sources are looked for first ({@code HDF5_VDS_PREFIX}); null for nowhere. */
  public String prefix() {
    return prefix;
  }

  public void prefix(String value) {
    this.prefix = value;
  }
}
