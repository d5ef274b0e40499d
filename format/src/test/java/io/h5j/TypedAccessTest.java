package io.h5j;

import io.h5j.format.datatype.Booleans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Datatypes;
import io.h5j.type.EnumType;
import io.h5j.type.ReferenceType;
import io.h5j.format.datatype.RevisedReference;
import io.h5j.type.Dataspace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Typed, n-d, scalar, boolean, enum and reference access to datasets, through h5j alone. */
class TypedAccessTest {
  @TempDir
  Path dir;

  private static double[][] matrix(int rows, int cols) {
    double[][] m = new double[rows][cols];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        m[r][c] = r * 100 + c;
      }
    }
    return m;
  }

  @Test
  void nestedArraysMakeAndWriteDatasetsOfTheirShape() throws IOException {
    try (H5File f = H5File.create(dir.resolve("nd.h5"))) {
      Dataset d = f.root().createDataset("m", DatasetSpec.of(matrix(3, 3)));
      assertArrayEquals(new long[] {3, 3}, d.shape());
      assertArrayEquals(matrix(3, 3), d.readArray(double[][].class));
      d.write(new double[][] {{9, 8, 7}, {6, 5, 4}, {3, 2, 1}});
      assertEquals(4, d.readArray(double[][].class)[1][2]);
      var wrong = assertThrows(IllegalArgumentException.class, () -> d.write(new double[3][2]));
      assertEquals("dataset /m has shape (3, 3); the array has shape (3, 2)", wrong.getMessage());
      var flat = assertThrows(IllegalArgumentException.class, () -> d.write(new double[3]));
      assertEquals("dataset /m has shape (3, 3) (9 elements); the flat array has 3",
          flat.getMessage());
      d.write(Selection.parse("1"), new double[] {-1, -2, -3});
      assertArrayEquals(new double[] {-1, -2, -3}, d.readArray(Selection.parse("1"),
          double[].class));
      d.write(Selection.parse("0:2, 0:2"), new double[][] {{10, 11}, {12, 13}});
      assertArrayEquals(new double[][] {{10, 11}, {12, 13}},
          d.readArray(Selection.parse(":2, :2"), double[][].class));
      var sel = assertThrows(IllegalArgumentException.class,
          () -> d.write(Selection.parse("0:2, 0:2"), new double[2][3]));
      assertTrue(sel.getMessage().endsWith("has shape (2, 2); the array has shape (2, 3)"),
          sel.getMessage());

      Dataset cube = f.root().createDataset("cube", DatasetSpec.of(new int[2][3][4])
          .chunks(1, 3, 2));
      assertArrayEquals(new long[] {2, 3, 4}, cube.shape());
      String[][] names = {{"a", "b"}, {"c", "d"}};
      Dataset s = f.root().createDataset("names", DatasetSpec.of(names));
      assertArrayEquals(names, s.readArray(String[][].class));
      var ragged = assertThrows(IllegalArgumentException.class,
          () -> DatasetSpec.of(new double[][] {{1, 2}, {3}}));
      assertTrue(ragged.getMessage().contains("element [1] has length 1"), ragged.getMessage());
    }
  }

  @Test
  void typedReadsConvertOnlyWithoutLoss() throws IOException {
    try (H5File f = H5File.create(dir.resolve("typed.h5"))) {
      Group g = f.root();
      Dataset i32 = g.createDataset("i32", DatasetSpec.of(new int[] {1, -2, 3}));
      Dataset f32 = g.createDataset("f32", DatasetSpec.of(new float[] {0.5f, 1.25f}));
      Dataset u8 = g.createDataset("u8", DatasetSpec.empty(Datatypes.UINT8, 2));
      u8.write(new short[] {200, 7});
      Dataset i64 = g.createDataset("i64", DatasetSpec.of(new long[] {1L << 60}));
      Dataset f64 = g.createDataset("f64", DatasetSpec.of(new double[] {0.1}));
      Dataset u64 = g.createDataset("u64", DatasetSpec.empty(Datatypes.UINT64, 1));

      assertArrayEquals(new long[] {1, -2, 3}, i32.readLongs());
      assertArrayEquals(new double[] {1, -2, 3}, i32.readDoubles());
      assertArrayEquals(new int[] {1, -2, 3}, i32.readInts());
      assertArrayEquals(new double[] {0.5, 1.25}, f32.readDoubles());
      assertArrayEquals(new int[] {200, 7}, u8.readInts());
      assertArrayEquals(new short[] {200, 7}, u8.readShorts());
      assertArrayEquals(new float[] {200, 7}, u8.readFloats());
      assertArrayEquals(new long[] {1L << 60}, i64.readLongs());
      assertArrayEquals(new long[] {-2}, i32.readLongs(Selection.parse("1:2")));

      var lossy = assertThrows(IllegalArgumentException.class, i64::readInts);
      assertTrue(lossy.getMessage().startsWith("dataset /i64 holds int64, which h5j does not"
          + " convert to int"), lossy.getMessage());
      assertThrows(IllegalArgumentException.class, i64::readDoubles);
      var narrow = assertThrows(IllegalArgumentException.class, f64::readFloats);
      assertTrue(narrow.getMessage().contains("float64") && narrow.getMessage().contains("float"),
          narrow.getMessage());
      assertThrows(IllegalArgumentException.class, u8::readBytes);
      assertThrows(IllegalArgumentException.class, u64::readLongs);
      assertThrows(IllegalArgumentException.class, f32::readLongs);
      assertThrows(IllegalArgumentException.class, i32::readStrings);
      assertThrows(IllegalArgumentException.class, i32::readBooleans);
      var rank = assertThrows(IllegalArgumentException.class,
          () -> i32.readArray(double[][].class));
      assertEquals("dataset /i32 has shape (3,) (rank 1); double[][] has rank 2",
          rank.getMessage());
    }
  }

  @Test
  void scalarsReadBareAndNullSpacesAreTold() throws IOException {
    try (H5File f = H5File.create(dir.resolve("scalar.h5"))) {
      Dataset s = f.root().createDataset("s", DatasetSpec.scalar(2.5));
      Dataset t = f.root().createDataset("t", DatasetSpec.scalar("text"));
      Dataset n = f.root().createDataset("n", DatasetSpec.scalar(new int[] {7}));
      assertTrue(s.isScalar());
      assertFalse(s.isNull());
      assertEquals(2.5, s.read(), "a scalar dataset reads as its element, as an attribute");
      assertEquals(2.5, s.readDouble());
      assertEquals("text", t.readString());
      assertEquals(7L, n.readLong());
      assertEquals(7, n.readInt());
      assertEquals(7.0, n.readDouble());
      s.write(4.0);
      assertEquals(4.0, s.read());
      Dataset v = f.root().createDataset("v", DatasetSpec.of(new double[] {1, 2}));
      assertFalse(v.isScalar());
      var many = assertThrows(IllegalArgumentException.class, v::readDouble);
      assertTrue(many.getMessage().contains("dataset /v has shape (2,)"), many.getMessage());
    }
  }

  @Test
  void booleansAndEnums() throws IOException {
    EnumType colour = new EnumType(Datatypes.UINT8, List.of("RED", "GREEN", "BLUE"),
        List.of(0L, 1L, 200L));
    try (H5File f = H5File.create(dir.resolve("enum.h5"))) {
      Dataset b = f.root().createDataset("b", DatasetSpec.of(new boolean[] {true, false, true}));
      assertEquals(Booleans.TYPE, b.datatype());
      assertArrayEquals(new boolean[] {true, false, true}, (boolean[]) b.read());
      assertArrayEquals(new boolean[] {true, false, true}, b.readBooleans());
      assertArrayEquals(new long[] {1, 0, 1}, b.readLongs());
      b.write(Selection.parse("1"), new boolean[] {true});
      assertArrayEquals(new boolean[] {true, true, true}, b.readBooleans());
      Dataset b2 = f.root().createDataset("b2", DatasetSpec.of(new boolean[][] {{true}, {false}}));
      assertArrayEquals(new boolean[][] {{true}, {false}}, b2.readArray(boolean[][].class));
      assertTrue(f.root().createDataset("one", DatasetSpec.scalar(true)).readBoolean());

      Dataset e = f.root().createDataset("e", DatasetSpec.of(new String[] {"BLUE", "RED"})
          .datatype(colour));
      assertArrayEquals(new String[] {"BLUE", "RED"}, e.readStrings());
      assertArrayEquals(new long[] {200, 0}, e.readLongs(), "enums read as their numbers");
      assertArrayEquals(new int[] {200, 0}, e.readInts());
      assertThrows(IllegalArgumentException.class, e::readBytes, "200 does not fit a byte");
      assertThrows(IllegalArgumentException.class, e::readBooleans);
    }
  }

  @Test
  void referencesReadAsTheNodesTheyName() throws IOException {
    try (H5File f = H5File.create(dir.resolve("refs.h5"))) {
      Group g = f.root().createGroup("g");
      Dataset x = g.createDataset("x", DatasetSpec.of(new int[] {1}));
      Dataset refs = f.root().createDataset("refs", DatasetSpec.of(new long[] {x.address(),
          0, g.address()}).datatype(new ReferenceType(ReferenceType.Kind.OBJECT, 8)));
      Node[] nodes = refs.readReferences();
      assertEquals("/g/x", nodes[0].path());
      assertNull(nodes[1], "a null reference");
      assertEquals("/g", nodes[2].path());
      assertTrue(nodes[0] instanceof Dataset);
      Dataset revised = f.root().createDataset("revised", DatasetSpec.of(
          new RevisedReference[] {RevisedReference.object(x.address()), null})
          .datatype(new ReferenceType(ReferenceType.Kind.OBJECT2, 64)));
      Node[] r = revised.readReferences();
      assertEquals("/g/x", r[0].path());
      assertNull(r[1]);
      assertThrows(IllegalArgumentException.class, x::readReferences);
    }
  }

  @Test
  void walkMeetsEveryObjectOnceAndReportsLinksItDoesNotFollow() throws IOException {
    try (H5File f = H5File.create(dir.resolve("walk.h5"))) {
      Group a = f.root().createGroup("a");
      Group b = a.createGroup("b");
      b.createDataset("x", DatasetSpec.of(new int[] {1}));
      b.createHardLink("up", a); // a cycle
      f.root().createHardLink("again", b);
      f.root().createSoftLink("soft", "/a/b/x");
      f.root().createExternalLink("ext", "other.h5", "/y");
      f.root().createDataset("z", DatasetSpec.of(new int[] {2}));
      List<String> paths = new ArrayList<>();
      for (Node n : f.root().walk()) {
        paths.add(n.path());
      }
      assertEquals(List.of("/a", "/a/b", "/a/b/x", "/z"), paths);
      List<String> links = new ArrayList<>();
      f.root().visit(new NodeVisitor() {
        @Override
        public void node(Node node) {}

        @Override
        public void link(Group parent, Link link) {
          links.add(parent.path() + ":" + link);
        }
      });
      assertEquals(List.of("/:soft -> /a/b/x", "/:ext -> other.h5:/y"), links);
      assertEquals(List.of("/a/b/x"), b.walk().stream().map(Node::path).toList().subList(0, 1));
    }
  }

  @Test
  void slabsCoverTheDatasetRowsAtATime() throws IOException {
    try (H5File f = H5File.create(dir.resolve("slabs.h5"))) {
      Dataset d = f.root().createDataset("m", DatasetSpec.of(matrix(10, 4)).chunks(3, 4));
      List<Long> starts = new ArrayList<>();
      double sum = 0;
      for (Slab s : d.slabs(4)) {
        starts.add(s.start()[0]);
        assertEquals(4, s.shape()[1]);
        for (double v : (double[]) s.values()) {
          sum += v;
        }
        assertArrayEquals((double[]) s.values(), d.readDoubles(s.selection()));
      }
      assertEquals(List.of(0L, 4L, 8L), starts);
      double expected = 0;
      for (double v : d.readDoubles()) {
        expected += v;
      }
      assertEquals(expected, sum);
      assertThrows(IllegalArgumentException.class, () -> d.slabs(0));
      Dataset s = f.root().createDataset("s", DatasetSpec.scalar(1.0));
      assertThrows(IllegalArgumentException.class, () -> s.slabs(1));
    }
  }

  @Test
  void aReadSelectionOfAScalarStaysFlat() throws IOException {
    try (H5File f = H5File.create(dir.resolve("flat.h5"))) {
      Dataset s = f.root().createDataset("s", DatasetSpec.scalar(3L));
      assertArrayEquals(new long[] {3}, (long[]) s.read(Selection.all()));
      assertSame(Dataspace.Kind.SCALAR, s.dataspace().kind());
    }
  }
}
