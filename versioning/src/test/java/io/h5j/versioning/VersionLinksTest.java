package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h5j.DatasetSpec;
import io.h5j.Link;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Soft and external links of a version: stored as links, carried to child versions, deleted. */
@OracleTest
class VersionLinksTest {
  @TempDir
  Path dir;

  private static final String LINKS = String.join("\n",
      "import h5py, sys",
      "g = h5py.File(sys.argv[1], 'r')['_version_data/versions/' + sys.argv[2]]",
      "for k in ['alias', 'sub/rel', 'ext']:",
      "    l = g.get(k, getlink=True)",
      "    print(k, type(l).__name__ if l is not None else None, getattr(l, 'path', ''))",
      "print(g['alias'][()].tolist())");

  @Test
  void linksAreStoredAsLinksAndCarriedToChildren() throws Exception {
    Path f = dir.resolve("v.h5");
    try (VersionedFile vf = VersionedFile.create(f)) {
      try (StagedVersion s = vf.stageVersion("v1")) {
        s.createDataset("x", DatasetSpec.of(new long[] {1, 2, 3}).chunks(2));
        s.createSoftLink("alias", "/x");
        s.createSoftLink("sub/rel", "../x");
        s.createExternalLink("ext", "other.h5", "/y");
      }
      try (StagedVersion s = vf.stageVersion("v2")) {
        s.write("x", new long[] {0}, new long[] {1}, new long[] {9});
      }
      StagedVersion taken = vf.stageVersion("t");
      assertThrows(IllegalArgumentException.class, () -> taken.createSoftLink("x", "/x"));
      taken.abort();
      Map<String, Link> links = vf.version("v2").links();
      assertEquals(List.of("alias", "ext", "sub/rel"), links.keySet().stream().sorted().toList());
      assertEquals("/x", links.get("alias").target());
      assertEquals("other.h5", links.get("ext").file());
      assertEquals(List.of("x"), vf.version("v2").datasetPaths(), "a link is no dataset");
      try (StagedVersion s = vf.stageVersion("v3")) {
        s.delete("alias");
        s.delete("sub");
      }
    }
    assertEquals(String.join("\n", "alias SoftLink /_version_data/versions/v2/x",
        "sub/rel SoftLink ../x", "ext ExternalLink /y", "[9, 2, 3]", ""),
        Oracles.python(LINKS, f.toString(), "v2"), "h5py follows v2's links inside v2");
    assertEquals("[1, 2, 3]\n", Oracles.python(String.join("\n", "import h5py, sys",
        "print(h5py.File(sys.argv[1], 'r')['_version_data/versions/v1/alias'][()].tolist())"),
        f.toString()));
    assertEquals("['ext', 'x']\n", Oracles.python(String.join("\n", "import h5py, sys",
        "print(sorted(h5py.File(sys.argv[1], 'r')['_version_data/versions/v3']))"),
        f.toString()));
  }
}
