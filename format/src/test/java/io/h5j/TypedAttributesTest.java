package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Dataspace;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Attributes: n-d and boolean values, typed getters and the messages of their misuse. */
class TypedAttributesTest {
  @TempDir
  Path dir;

  @Test
  void nestedArraysAndBooleansKeepTheirShapeAndKind() throws IOException {
    try (H5File f = H5File.create(dir.resolve("a.h5"))) {
      Attributes a = f.root().createGroup("g").attributes();
      a.put("m", new double[][] {{1, 2}, {3, 4}});
      a.put("done", true);
      a.put("flags", new boolean[] {false, true});
      a.put("units", "m/s");
      a.put("n", 42L);
      a.put("i", 7);
      a.put("f", 0.5f);
      Attribute m = a.attribute("m");
      assertArrayEquals(new long[] {2, 2}, m.dataspace().dims());
      assertArrayEquals(new double[] {1, 2, 3, 4}, (double[]) m.value());
      assertArrayEquals(new double[][] {{1, 2}, {3, 4}}, a.getArray("m", double[][].class));
      assertEquals(Boolean.TRUE, a.get("done"));
      assertEquals(Dataspace.Kind.SCALAR, a.attribute("done").dataspace().kind());
      assertTrue(a.getBoolean("done"));
      assertArrayEquals(new boolean[] {false, true}, a.getBooleans("flags"));
      assertEquals("m/s", a.getString("units"));
      assertArrayEquals(new String[] {"m/s"}, a.getStrings("units"));
      assertEquals(42L, a.getLong("n"));
      assertEquals(7.0, a.getDouble("i"));
      assertEquals(7, a.getInt("i"));
      assertEquals(7L, a.getLong("i"));
      assertEquals(0.5, a.getDouble("f"));
      assertArrayEquals(new double[] {1, 2, 3, 4}, a.getDoubles("m"));
      assertArrayEquals(new long[] {42}, a.getLongs("n"));
      assertArrayEquals(new int[] {7}, a.getInts("i"));
    }
  }

  @Test
  void misuseIsExplained() throws IOException {
    try (H5File f = H5File.create(dir.resolve("b.h5"))) {
      Attributes a = f.root().createGroup("g").attributes();
      a.put("units", "m/s");
      a.put("n", 1L << 40);
      a.put("v", new double[] {1, 2});
      var none = assertThrows(IllegalArgumentException.class, () -> a.put("x", null));
      assertEquals("attribute 'x' of /g: a value cannot be null; remove(name) deletes an"
          + " attribute", none.getMessage());
      var missing = assertThrows(IllegalArgumentException.class, () -> a.getString("nope"));
      assertEquals("no attribute 'nope' on /g; names() lists them", missing.getMessage());
      var kind = assertThrows(IllegalArgumentException.class, () -> a.getDouble("units"));
      assertTrue(kind.getMessage().startsWith("attribute 'units' of /g holds vlen string UTF8,"
          + " which h5j does not convert to double"), kind.getMessage());
      var lossy = assertThrows(IllegalArgumentException.class, () -> a.getInt("n"));
      assertTrue(lossy.getMessage().contains("int64") && lossy.getMessage().contains("int"),
          lossy.getMessage());
      var many = assertThrows(IllegalArgumentException.class, () -> a.getDouble("v"));
      assertTrue(many.getMessage().contains("has shape (2,), not one value"), many.getMessage());
      var rank = assertThrows(IllegalArgumentException.class,
          () -> a.getArray("v", double[][].class));
      assertTrue(rank.getMessage().contains("has shape (2,)"), rank.getMessage());
      assertThrows(IllegalArgumentException.class,
          () -> a.put("r", new int[][] {{1, 2}, {3}}));
    }
  }
}
