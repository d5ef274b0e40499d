package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.testing.OracleTest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filter 32001 against Debian's native hdf5-blosc plugin (c-blosc 1.21) through h5py and against
 * PyTables 3.7: every codec (blosclz, lz4, lz4hc, snappy, zlib, zstd) with no, byte and bit
 * shuffle, element sizes 1, 2, 3, 4, 8 and 12, chunks smaller than one block and chunks of several
 * blocks, levels 0, 1, 5 and 9, random data. h5j decodes every chunk libhdf5 wrote, and libhdf5
 * reads back every chunk h5j encodes.
 */
@OracleTest
class BloscOracleTest {
  @TempDir static Path dir;
  static JsonNode datasets;

  @BeforeAll
  static void write() throws Exception {
    datasets = PluginChunks.write(dir, "blosc");
  }

  @Test
  void decodesEveryChunkThePluginWrote() throws Exception {
    List<String> names = PluginChunks.assertDecodesAll(datasets);
    assertTrue(names.containsAll(List.of("blosc_blosclz_s1_i4", "blosc_zstd_s2_v3",
        "blosc_snappy_s0_f8", "blosc_lz4hc_rand", "blosc_l0_i4", "blosc_tiny_f8",
        "pt_zstd_01", "pt_blosclz_10")), names.toString());
  }

  @Test
  void pluginReadsChunksH5jEncoded() throws Exception {
    PluginChunks.assertLibhdf5ReadsEncoded(datasets, dir);
  }
}
