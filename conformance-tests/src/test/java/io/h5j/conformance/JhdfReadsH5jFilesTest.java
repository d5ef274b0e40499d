package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.type.CharacterSet;
import io.h5j.type.Datatypes;
import io.jhdf.HdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Node;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** jHDF 0.10.0, an independent Java reader, reads what h5j writes. */
class JhdfReadsH5jFilesTest {
  @TempDir
  Path dir;

  private Path write(int superblock) throws Exception {
    Path f = dir.resolve("jhdf" + superblock + ".h5");
    try (H5File h = H5File.create(f, superblock)) {
      Group g = h.root().createGroup("a/b");
      g.createDataset("ints", DatasetSpec.of(new int[] {1, 2, 3, 4, 5, 6}).shape(2, 3));
      g.createDataset("longs_compact", DatasetSpec.of(new long[] {-1, Long.MAX_VALUE})
          .layout(DatasetSpec.Layout.COMPACT));
      h.root().createDataset("doubles", DatasetSpec.of(new double[] {0.5, -1.25, 1e300}));
      h.root().createDataset("floats_be", DatasetSpec.of(new float[] {1.5f, -2f})
          .datatype(Datatypes.bigEndian(Datatypes.FLOAT32)));
      h.root().createDataset("shorts_be", DatasetSpec.of(new short[] {-2, 300})
          .datatype(Datatypes.bigEndian(Datatypes.INT16)).layout(DatasetSpec.Layout.COMPACT));
      h.root().createDataset("vlen_strings", DatasetSpec.of(new String[] {"alpha", "βeta", ""}));
      h.root().createDataset("fixed_strings", DatasetSpec.of(new String[] {"ab", "cde"})
          .datatype(Datatypes.fixedString(4, CharacterSet.ASCII)));
      Group compact = h.root().createGroup("compact_attrs");
      compact.attributes().put("count", 42L);
      compact.attributes().put("title", "demo");
      compact.attributes().put("range", new double[] {-1, 1});
      Group dense = h.root().createGroup("dense_attrs");
      for (int i = 0; i < 12; i++) {
        dense.attributes().put("attr" + i, (long) i * i);
      }
      Group manyLinks = h.root().createGroup("many_links");
      for (int i = 0; i < 20; i++) {
        manyLinks.createGroup("g" + i);
      }
    }
    return f;
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void jhdfReadsGroupsDatasetsAndAttributes(int superblock) throws Exception {
    Path f = write(superblock);
    try (HdfFile jf = new HdfFile(f)) {
      assertEquals(new TreeSet<>(java.util.List.of("a", "doubles", "floats_be", "shorts_be",
          "vlen_strings", "fixed_strings", "compact_attrs", "dense_attrs", "many_links")),
          new TreeSet<>(jf.getChildren().keySet()));
      Dataset ints = jf.getDatasetByPath("/a/b/ints");
      assertArrayEquals(new int[] {2, 3}, ints.getDimensions());
      assertArrayEquals(new int[][] {{1, 2, 3}, {4, 5, 6}}, (int[][]) ints.getData());
      assertArrayEquals(new long[] {-1, Long.MAX_VALUE},
          (long[]) jf.getDatasetByPath("a/b/longs_compact").getData());
      assertArrayEquals(new double[] {0.5, -1.25, 1e300},
          (double[]) jf.getDatasetByPath("doubles").getData());
      assertArrayEquals(new float[] {1.5f, -2f},
          (float[]) jf.getDatasetByPath("floats_be").getData());
      assertArrayEquals(new short[] {-2, 300},
          (short[]) jf.getDatasetByPath("shorts_be").getData());
      assertArrayEquals(new String[] {"alpha", "βeta", ""},
          (String[]) jf.getDatasetByPath("vlen_strings").getData());
      assertArrayEquals(new String[] {"ab", "cde"},
          (String[]) jf.getDatasetByPath("fixed_strings").getData());

      Map<String, Attribute> compact = jf.getByPath("compact_attrs").getAttributes();
      assertEquals(42L, compact.get("count").getData());
      assertEquals("demo", compact.get("title").getData());
      assertArrayEquals(new double[] {-1, 1}, (double[]) compact.get("range").getData());

      Map<String, Attribute> dense = jf.getByPath("dense_attrs").getAttributes();
      assertEquals(12, dense.size());
      for (int i = 0; i < 12; i++) {
        assertEquals((long) i * i, dense.get("attr" + i).getData());
      }
      Node many = jf.getByPath("many_links");
      assertTrue(many.isGroup());
      assertEquals(20, ((io.jhdf.api.Group) many).getChildren().size());
    }
  }
}
