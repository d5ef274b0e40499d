package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every read of {@link SparkReadOracleTest}, of a file named by a URI that is no local path
 * ({@link CountingLocalFileSystem}'s scheme): driver and executors open it through Hadoop's
 * {@code FileSystem}, with the configuration the session holds (the scheme is mapped in the
 * session's Hadoop configuration only, so executors see it through the broadcast).
 */
@OracleTest
class SparkHadoopReadOracleTest extends SparkReadOracleTest {
  @BeforeAll
  static void mapTheScheme() {
    CountingLocalFileSystem.register(TestSpark.session().sparkContext().hadoopConfiguration());
  }

  @Override
  String location(Path file) {
    return CountingLocalFileSystem.uri(file);
  }

  @Test
  void readsGoThroughHadoopsFileSystem() throws Exception {
    long before = CountingLocalFileSystem.OPENS.get();
    assertSameAsH5py("r3", false);
    long opens = CountingLocalFileSystem.OPENS.get() - before;
    // the driver's schema and plan, and each task of the scan, open the file
    assertTrue(opens >= 2, opens + " streams opened");
    assertEquals(false, SparkFiles.isLocal(location(Path.of("/x.h5"))));
  }

  @Test
  void aFileThatIsNoHdf5FailsNamingIt() throws Exception {
    Path junk = dir.resolve("junk.h5");
    java.nio.file.Files.write(junk, new byte[4096]);
    Exception e = assertThrows(Exception.class,
        () -> read(location(junk), "/x", false).collectAsList());
    assertTrue(e.getMessage().contains(CountingLocalFileSystem.SCHEME + ":")
        && e.getMessage().contains("junk.h5") && e.getMessage().contains("not an HDF5 file"),
        e.getMessage());
  }
}
