package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.ChannelOp;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.RecordingChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link H5File#syncOnClose(boolean)}: by default close syncs the file; with false it writes
 * everything (libhdf5 reads the file whole) without one fsync.
 */
@OracleTest
class SyncOnCloseTest {
  @TempDir Path dir;

  private long syncsOfClose(Path f, boolean sync) throws Exception {
    try (H5File h = H5File.create(f)) {
      h.root().createDataset("old", DatasetSpec.of(new int[] {1, 2, 3}));
    }
    RecordingChannel[] ch = new RecordingChannel[1];
    H5File h = H5File.openReadWrite(f, c -> ch[0] = new RecordingChannel(c));
    h.syncOnClose(sync);
    assertEquals(sync, h.syncsOnClose());
    h.root().createDataset("x", DatasetSpec.of(new double[] {1.5, 2.5, 3.5, 4.5}));
    h.root().attributes().put("note", "written before close");
    h.close();
    assertTrue(ch[0].operations().stream().anyMatch(o -> o instanceof ChannelOp.Write),
        "close wrote what was pending");
    String dump = Oracles.h5dump(f);
    assertTrue(dump.contains("1.5, 2.5, 3.5, 4.5"), dump);
    assertTrue(dump.contains("written before close"), dump);
    return ch[0].operations().stream().filter(o -> o instanceof ChannelOp.Force).count();
  }

  @Test
  void closeSyncsByDefault() throws Exception {
    assertTrue(syncsOfClose(dir.resolve("synced.h5"), true) > 0);
  }

  @Test
  void closeWithoutSyncWritesAllAndSyncsNothing() throws Exception {
    assertEquals(0, syncsOfClose(dir.resolve("unsynced.h5"), false));
  }

  @Test
  void atomicFlushesRefuseToGoWithoutSyncs() throws Exception {
    Path f = dir.resolve("atomic.h5");
    try (H5File h = H5File.create(f)) {
      assertThrows(IllegalStateException.class, () -> h.syncOnClose(false).atomicFlushes());
    }
    try (H5File h = H5File.openReadWrite(f).atomicFlushes()) {
      assertThrows(IllegalStateException.class, () -> h.syncOnClose(false));
    }
  }
}
