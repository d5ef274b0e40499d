package io.h5j.versioning;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link VersionedFile#check()} found in a versioned file: every problem (not only the
 * first), each raw chunk that no longer hashes to its hash-table row with the versions that
 * read it, and notes on states that are not damage but that a reader may want to know of.
 *
 * <pre>{@code
 * try (VersionedFile vf = VersionedFile.openReadOnly(Path.of("data.h5"))) {
 *   CheckReport r = vf.check();
 *   r.findings().forEach(System.out::println);
 *   if (r.damaged()) { ... }
 * }
 * }</pre>
 */
public final class CheckReport {
  /** What kind of problem a finding is; whether it is damage and whether a repair fixes it. */
  public enum Kind {
    /** A raw chunk whose bytes do not hash to its hash-table row, or cannot be read. */
    DAMAGED_CHUNK(true, false),
    /** The layout breaks a rule of versioned-hdf5's (data_version 4) that no repair restores. */
    LAYOUT(true, false),
    /** A version group not marked committed: what a commit killed before its end leaves. */
    UNCOMMITTED_VERSION(true, true),
    /** current_version names a version group that is not committed. */
    CURRENT_NOT_COMMITTED(true, true),
    /** A dataset group lacking raw_data or hash_table that no committed version uses. */
    ORPHANED_DATASET_GROUP(true, true),
    /**
     * The newest version, committed on the current one, is not current, as an h5j commit
     * killed before its last write left it (before h5j's commits became one atomic flush),
     * and as versioned-hdf5's
     * {@code make_current=False} leaves it on purpose: both libraries read and commit on it, so
     * it is a note.
     */
    COMMITTED_NOT_CURRENT(false, true),
    /** An empty group under /_version_data that no version uses: harmless, removable. */
    EMPTY_GROUP(false, true),
    /** Worth knowing, not damage. */
    NOTE(false, false);

    private final boolean damage;
    private final boolean repairable;

    Kind(boolean damage, boolean repairable) {
      this.damage = damage;
      this.repairable = repairable;
    }

    /**
     * Whether it makes the file damaged ({@code h5j check} exits 1).
     *
     * @return true for damage, false for a note
     */
    public boolean damage() {
      return damage;
    }

    /**
     * Whether {@link VersionedFile#repair()} fixes it.
     *
     * @return true when repair fixes findings of this kind
     */
    public boolean repairable() {
      return repairable;
    }
  }

  /**
   * One finding: its kind, what it is about (a version, a dataset, a group) and the details.
   *
   * @param kind the kind, which tells damage from a note
   * @param subject what the finding is about, e.g. {@code version v2} or a dataset's path
   * @param detail what is wrong, for a person to read
   */
  public record Finding(Kind kind, String subject, String detail) {
    @Override
    public String toString() {
      return (kind.damage() ? "damaged: " : "note: ") + subject + ": " + detail;
    }
  }

  /**
   * A raw chunk that no longer holds what was committed: dataset {@code dataset}'s raw_data
   * rows {@code [firstRow, endRow)}, stored at file offset {@code fileOffset} (-1 if unknown),
   * why it is damaged, and each version that reads it with the element offsets of the chunks
   * it maps there (none when only the hash table names it).
   *
   * @param dataset the versioned dataset's path
   * @param firstRow the chunk's first row of raw_data
   * @param endRow the row after its last
   * @param fileOffset the chunk's file offset in bytes, or -1 when unknown
   * @param why what is wrong with it, for a person to read
   * @param readBy for each version reading the chunk, the element offsets of its chunks
   *     mapped there
   */
  public record DamagedChunk(String dataset, long firstRow, long endRow, long fileOffset,
      String why, Map<String, List<long[]>> readBy) {
    /**
     * Copies {@code readBy} and its offsets: a report is a value.
     *
     * @param dataset the versioned dataset's path
     * @param firstRow the chunk's first row of raw_data
     * @param endRow the row after its last
     * @param fileOffset the chunk's file offset in bytes, or -1 when unknown
     * @param why what is wrong with it, for a person to read
     * @param readBy for each version reading the chunk, the element offsets of its chunks mapped
     *     there
     */
    public DamagedChunk {
      Map<String, List<long[]>> copy = new LinkedHashMap<>();
      readBy.forEach((v, offsets) -> copy.put(v, offsets.stream().map(long[]::clone).toList()));
      readBy = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * Rows, place, why and readers: {@code raw_data rows 12..16 (...): ...; read by v1 [4, 0]}.
     *
     * @return one line for a person to read
     */
    public String detail() {
      List<String> by = new ArrayList<>();
      readBy.forEach((v, offsets) -> by.add(v + " " + String.join(" ",
          offsets.stream().map(Arrays::toString).toList())));
      return "raw_data rows " + firstRow + ".." + endRow
          + (fileOffset >= 0 ? " (raw chunk at file offset " + fileOffset + ")" : "") + ": "
          + why + "; " + (by.isEmpty() ? "read by no version" : "read by " + String.join(", ",
          by));
    }

    @Override
    public String toString() {
      return "dataset " + dataset + ": " + detail();
    }
  }

  /**
   * A repair {@link VersionedFile#repair()} made: the finding and what was done.
   *
   * @param finding the finding repaired
   * @param action what the repair changed in the file, for a person to read
   */
  public record Repair(Finding finding, String action) {
    @Override
    public String toString() {
      return "repaired: " + finding.subject() + ": " + action;
    }
  }

  private final List<Finding> findings;
  private final List<DamagedChunk> damagedChunks;
  private final long chunksVerified;

  CheckReport(List<Finding> findings, List<DamagedChunk> damagedChunks, long chunksVerified) {
    this.findings = List.copyOf(findings);
    this.damagedChunks = List.copyOf(damagedChunks);
    this.chunksVerified = chunksVerified;
  }

  /**
   * Every finding, damage and notes, in the order the check met them.
   *
   * @return an unmodifiable list, empty for an intact file
   */
  public List<Finding> findings() {
    return findings;
  }

  /**
   * The damaged raw chunks, by dataset path and row.
   *
   * @return an unmodifiable list, empty when no raw chunk is damaged
   */
  public List<DamagedChunk> damagedChunks() {
    return damagedChunks;
  }

  /**
   * Raw chunks hashed and found intact or damaged.
   *
   * @return the number of raw chunks hashed
   */
  public long chunksVerified() {
    return chunksVerified;
  }

  /**
   * Whether any finding is damage.
   *
   * @return true when the file is damaged
   */
  public boolean damaged() {
    return findings.stream().anyMatch(f -> f.kind().damage());
  }

  /**
   * Whether any finding is one {@link VersionedFile#repair()} fixes.
   *
   * @return true when repair would fix something
   */
  public boolean repairable() {
    return findings.stream().anyMatch(f -> f.kind().repairable());
  }
}
