package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.H5File;
import io.h5j.format.ByteSource;
import io.h5j.format.CachingByteSource;
import io.h5j.format.H5FormatException;
import io.h5j.testing.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop files as h5j byte sources, without Spark: values as h5py recorded them in the
 * fixtures' manifest (a virtual dataset whose sources are sibling files), siblings, ends.
 */
class HadoopByteSourceTest {
  private static Configuration conf() {
    Configuration c = new Configuration(false);
    CountingLocalFileSystem.register(c);
    return c;
  }

  private static HadoopByteSource open(Path file) throws Exception {
    return HadoopByteSource.open(new org.apache.hadoop.fs.Path(CountingLocalFileSystem.uri(file)),
        conf());
  }

  @Test
  void aVirtualDatasetReadsItsSourcesFromSiblingFiles() throws Exception {
    Path vds = Fixtures.file("vds.h5");
    JsonNode want = Fixtures.entry("vds.h5").get("objects").get("/printf_file").get("values");
    CachingByteSource s = CachingByteSource.of(open(vds), 4096, 16384);
    try (H5File f = H5File.open(s)) {
      int[] got = f.dataset("/printf_file").readInts();
      assertEquals(want.size(), got.length);
      for (int i = 0; i < got.length; i++) {
        assertEquals(want.get(i).asInt(), got[i], "printf_file[" + i + "]");
      }
    }
    assertTrue(s.requests() <= 1 + Files.size(vds) / 4096, s.requests() + " requests");
  }

  @Test
  void siblingsAreRelativeToTheFolderOrAbsoluteAndNullWhenMissing() throws Exception {
    Path vds = Fixtures.file("vds.h5").toAbsolutePath();
    try (HadoopByteSource s = open(vds)) {
      assertEquals(CountingLocalFileSystem.SCHEME + ":" + vds, s.name());
      assertEquals(Files.size(vds), s.size());
      try (ByteSource rel = s.sibling("vds_part_0.h5");
          ByteSource abs = s.sibling(vds.getParent().resolve("vds_part_1.h5").toString())) {
        assertNotNull(rel);
        assertNotNull(abs);
        assertTrue(rel.name().endsWith("/vds_part_0.h5"), rel.name());
        assertEquals(Files.size(vds.getParent().resolve("vds_part_1.h5")), abs.size());
      }
      assertNull(s.sibling("no_such_file.h5"));
    }
  }

  @Test
  void endsAndFoldersAreRefused(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("short.h5");
    byte[] all = Files.readAllBytes(Fixtures.file("groups_latest.h5"));
    Files.write(file, java.util.Arrays.copyOf(all, 2000));
    try (HadoopByteSource s = open(file)) {
      byte[] b = new byte[16];
      s.readFully(1984, ByteBuffer.wrap(b));
      assertArrayEquals(java.util.Arrays.copyOfRange(all, 1984, 2000), b);
      assertThrows(EOFException.class, () -> s.readFully(1990, ByteBuffer.allocate(16)));
      ByteBuffer direct = ByteBuffer.allocateDirect(8);
      s.readFully(8, direct);
      assertEquals(8, direct.position());
    }
    H5FormatException e = assertThrows(H5FormatException.class, () -> {
      try (H5File f = H5File.open(CachingByteSource.of(open(file)))) {
        f.root().walk();
      }
    });
    assertTrue(e.getMessage().contains(CountingLocalFileSystem.SCHEME + ":")
        && e.getMessage().contains("short.h5") && e.offset() >= 0, e.getMessage());
    assertThrows(FileNotFoundException.class, () -> open(dir));
    assertThrows(FileNotFoundException.class, () -> open(dir.resolve("absent.h5")));
  }

  @Test
  void theConfigurationSurvivesJavaSerialization() throws Exception {
    Configuration c = conf();
    c.set("fs.s3a.endpoint", "http://127.0.0.1:9000");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(new SerializableHadoopConf(c));
    }
    SerializableHadoopConf back;
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      back = (SerializableHadoopConf) in.readObject();
    }
    assertEquals("http://127.0.0.1:9000", back.get().get("fs.s3a.endpoint"));
    assertEquals(CountingLocalFileSystem.class.getName(),
        back.get().get("fs." + CountingLocalFileSystem.SCHEME + ".impl"));
    ByteArrayOutputStream defaults = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(defaults)) {
      out.writeObject(new SerializableHadoopConf(new Configuration()));
    }
    System.out.printf("a Hadoop configuration with its defaults: %d bytes serialized%n",
        defaults.size());
  }
}
