package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertNull;

import io.h5j.testing.OracleTest;
import io.h5j.testing.VersionedHdf5Peers;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failures the graph fuzzer ({@link GraphFuzzTest}) found, shrunk to their steps (a
 * {@link GraphScript}, with the crash's failing write given), each run with every check
 * after every step as the fuzzer runs it.
 */
@OracleTest
class GraphFuzzExamplesTest {
  @TempDir
  Path dir;

  private void passes(String script) throws IOException {
    VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.DEB);
    VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.V2);
    GraphScript g = GraphScript.fromJson(script);
    GraphRun.Result r = new GraphRun(dir, g.actors(), true, new FuzzCounts()).run(g.exact());
    assertNull(r.failure(), () -> r.failure().toString());
  }

  /** v1 maps a's raw row 0 and v2 rows 1-3: deleting v1 moves v2's chunks to rows 0-2. */
  private static final String TWO_VERSIONS = """
      {"by": "h5j", "kind": "commit", "name": "v1", "parent": null, "ops": [
        {"op": "create", "path": "a", "dtype": "<u4", "shape": [2, 5], "chunks": [1, 1],
         "fill": null},
        {"op": "write", "path": "a", "start": [1, 4], "count": [1, 1], "seed": 53}]},
      {"by": "h5j", "kind": "commit", "name": "v2", "parent": "v1", "ops": [
        {"op": "resize", "path": "a", "shape": [3, 1]},
        {"op": "write", "path": "a", "start": [0, 0], "count": [3, 1], "seed": 96}]},
      """;

  private static String deleteFailingAt(int write, String nextBy) {
    return "{\"actors\": [\"h5j\", \"vhdf5-deb\"], \"steps\": [" + TWO_VERSIONS + """
          {"by": "h5j", "kind": "deleteVersions", "names": ["v1"],
           "crash": {"mode": "fail", "seed": 1, "write": %d}},
          {"by": "%s", "kind": "commit", "name": "v3", "parent": null, "ops": [
            {"op": "create", "path": "a", "dtype": "<u4", "shape": [3, 6], "chunks": [1, 1],
             "fill": null},
            {"op": "write", "path": "a", "start": [2, 4], "count": [1, 2], "seed": 9}]}]}
        """.formatted(write, nextBy);
  }

  /**
   * Found by graph seed -4979293306433157768 (33 steps, shrunk to 8, then by hand to 4): a
   * deleteVersions whose 63rd write failed left its compaction half done but durable (the
   * hash table pointing at rows 0-2, v2 still mapping the copies at rows 4-6, every version
   * reading right); the next commit put its new chunks at rows 3 and 4, past the hash
   * table's last slot, over v2's chunk.
   */
  @Test
  void aDeleteVersionsFailingMidwayLeavesNoRowsMappedPastTheHashTable() throws IOException {
    passes(deleteFailingAt(63, "h5j"));
  }

  /**
   * The same with versioned-hdf5 committing next, which puts a new chunk at row
   * {@code largest_index * chunks[0]}: failing at write 27 (v2 mapping rows 1-3, the hash
   * table already pointing at copies at 4-6, largest_index 3) it overwrote v2's row 3; at
   * write 38 it wrote past a raw_data that h5j had not grown, and v2's mapping then reached
   * past raw_data's end.
   */
  @Test
  void aDeleteVersionsFailingMidwayLeavesVersionedHdf5ItsFreeSlots() throws IOException {
    passes(deleteFailingAt(27, "vhdf5-deb"));
    passes(deleteFailingAt(38, "vhdf5-deb"));
  }

  /**
   * Found by graph seed 7170061246836490305 and others: versioned-hdf5 1.7.0 on libhdf5 2.0
   * writes a dataset that was never written as a virtual dataset without mappings (and no
   * mapping block); h5j's next commit copied its mappings as an empty heap block, which
   * libhdf5 1.10.8 (PEER_DEB, h5py 3.7, h5dump) cannot open: "unable to allocate heap block".
   */
  @Test
  void aVersionOverADatasetVersionedHdf5NeverWroteOpensInLibhdf5OneTen() throws IOException {
    passes("""
        {"actors": ["h5j", "vhdf5-deb", "vhdf5-v2"], "steps": [
          {"by": "h5j", "kind": "commit", "name": "v0", "parent": null, "ops": []},
          {"by": "vhdf5-v2", "kind": "commit", "name": "v1", "parent": "v0", "ops": [
            {"op": "create", "path": "a", "dtype": "|u1", "shape": [2, 1], "chunks": [3, 1],
             "fill": 7.0}]},
          {"by": "h5j", "kind": "commit", "name": "v3", "parent": "v1", "ops": []}]}
        """);
  }

  /**
   * Found by graph seed 2040925491545580858: versioned-hdf5 1.7.0 grows a dataset it wrote in
   * the same version by mapping the chunk's old extent only (v1 maps 2 elements of chunk 0,
   * the rest reads the fill value), and h5j refused to commit on such a version ("mapping 0
   * covers a block other than chunk [0] trimmed to [5]"). Now h5j stages it (and stores the
   * chunk whole when it changes the dataset), keeps the parent's block when not, and
   * deleteVersions (which moves that slot here) and rebuildHashTables keep the mapping.
   * (The fuzzer keeps PEER_V2 from resizing a dataset it made in the same version, as its own
   * next commit on such a version reads it wrong.)
   */
  @Test
  void aChunkVersionedHdf5MapsInPartIsStagedDeletedAroundAndRebuilt() throws IOException {
    passes("""
        {"actors": ["h5j", "vhdf5-deb", "vhdf5-v2"], "steps": [
          {"by": "h5j", "kind": "commit", "name": "v0", "parent": null, "ops": [
            {"op": "create", "path": "b", "dtype": "<i2", "shape": [5], "chunks": [5],
             "fill": 7.0},
            {"op": "write", "path": "b", "start": [0], "count": [5], "seed": 1}]},
          {"by": "vhdf5-v2", "kind": "commit", "name": "v1", "parent": "v0", "ops": [
            {"op": "delete", "path": "b"},
            {"op": "create", "path": "b", "dtype": "<i2", "shape": [2], "chunks": [5],
             "fill": 7.0},
            {"op": "write", "path": "b", "start": [1], "count": [1], "seed": 19},
            {"op": "resize", "path": "b", "shape": [6]}]},
          {"by": "h5j", "kind": "commit", "name": "v2", "parent": "v1", "ops": [
            {"op": "write", "path": "b", "start": [5], "count": [1], "seed": 3}]},
          {"by": "h5j", "kind": "commit", "name": "v3", "parent": "v1", "ops": []},
          {"by": "h5j", "kind": "deleteVersions", "names": ["v0"]},
          {"by": "h5j", "kind": "rebuildHashTables"},
          {"by": "vhdf5-deb", "kind": "commit", "name": "v4", "parent": "v3", "ops": [
            {"op": "write", "path": "b", "start": [3], "count": [1], "seed": 5}]},
          {"by": "h5j", "kind": "commit", "name": "v5", "parent": "v3", "ops": [
            {"op": "resize", "path": "b", "shape": [9]},
            {"op": "write", "path": "b", "start": [8], "count": [1], "seed": 6}]}]}
        """);
  }

  /**
   * Found by {@link VersionGraphPropertyTest} (jqwik sample [5, 15, 158252, 53, 130602]) while
   * the fix above was tested: a dataset shrunk past a stored chunk and grown back to its
   * parent's shape in one commit kept the parent's mapping block, so the dropped chunk came
   * back (element 4 read 0, the value v1 wrote there, instead of the fill value -1).
   */
  @Test
  void aChunkDroppedByAShrinkStaysDroppedWhenTheShapeGrowsBack() throws IOException {
    passes("""
        {"actors": ["h5j", "vhdf5-deb", "vhdf5-v2"], "steps": [
          {"by": "h5j", "kind": "commit", "name": "v0", "parent": null, "ops": [
            {"op": "create", "path": "g/c", "dtype": "<f8", "shape": [11], "chunks": [4],
             "fill": -1.0}]},
          {"by": "h5j", "kind": "commit", "name": "v1", "parent": "v0", "ops": [
            {"op": "resize", "path": "g/c", "shape": [6]},
            {"op": "write", "path": "g/c", "start": [4], "count": [2], "seed": 5}]},
          {"by": "h5j", "kind": "commit", "name": "v4", "parent": "v1", "ops": [
            {"op": "resize", "path": "g/c", "shape": [1]},
            {"op": "resize", "path": "g/c", "shape": [6]}]}]}
        """);
  }
}
