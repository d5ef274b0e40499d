package io.h5j;

import static org.junit.jupiter.api.Assertions.assertNull;

import io.h5j.format.CachingByteSource;
import io.h5j.testing.MemorySource;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Every fixture read as {@link FixtureReadTest} reads it, but through a {@link
 * io.h5j.format.ByteSource} that is no local file (bytes in memory, behind a block cache with
 * blocks small enough that reads cross them): no channel, no mapping; external links and
 * virtual sources through {@link io.h5j.format.ByteSource#sibling}.
 */
class FixtureReadThroughSourceTest extends FixtureReadTest {
  @Override
  H5File open(Path file) throws IOException {
    H5File f = H5File.open(CachingByteSource.of(MemorySource.of(file), 512, 4096));
    assertNull(f.context().access().channel(), "read through the source, not a channel");
    return f;
  }
}
