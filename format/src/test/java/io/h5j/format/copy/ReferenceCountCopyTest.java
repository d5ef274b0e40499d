package io.h5j.format.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.DatasetSpec;
import io.h5j.FileCopy;
import io.h5j.H5File;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.ReferenceCountMessage;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.MessageClasses;
import io.h5j.format.object.StoredMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A copy creates each header with the hard link count its input header records, and writes
 * it again only when the links the copy found say otherwise: the count h5py sees in the copy
 * is the number of links, whatever the input claimed.
 */
@OracleTest
class ReferenceCountCopyTest {
  private static final String COUNTS = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "print([h5py.h5o.get_info(f[p].id).rc for p in ('g1/x', 'g1/y', 'g1/z')],",
      "    f['g1/x'] == f['g2/x'], f['g1/y'] == f['g2/y'], f['g1/y'] == f['g3/y'])");

  @Test
  void countsFollowTheLinksFoundNotTheInputsClaim() throws Exception {
    Path dir = Files.createTempDirectory("refcount-copy");
    Path in = dir.resolve("in.h5");
    long x;
    long y;
    long z;
    try (H5File f = H5File.create(in)) {
      var g1 = f.root().createGroup("g1");
      var g2 = f.root().createGroup("g2");
      var g3 = f.root().createGroup("g3");
      var dx = g1.createDataset("x", DatasetSpec.of(new int[] {1, 2}));
      var dy = g1.createDataset("y", DatasetSpec.of(new int[] {3}));
      var dz = g1.createDataset("z", DatasetSpec.of(new int[] {4}));
      g2.createHardLink("x", dx);
      g2.createHardLink("y", dy);
      g3.createHardLink("y", dy);
      x = dx.address();
      y = dy.address();
      z = dz.address();
    }
    Path stale = dir.resolve("stale.h5");
    Files.copy(in, stale);
    // x claims 5 links (it has 2), y 2 (it has 3), z 3 (it has 1)
    try (FileAccess fa = FileAccess.openReadWrite(stale)) {
      H5Context ctx = H5Context.open(fa);
      setCount(ctx, x, 5);
      setCount(ctx, y, 2);
      setCount(ctx, z, 3);
      ctx.flush();
    }
    assertEquals("[5, 2, 3] True True True", Oracles.python(COUNTS, stale.toString()).strip());
    for (Path source : new Path[] {in, stale}) {
      Path out = dir.resolve("out-" + source.getFileName());
      FileCopy.builder().build().copy(source, out);
      assertEquals("[2, 3, 1] True True True", Oracles.python(COUNTS, out.toString()).strip(),
          source.getFileName().toString());
    }
  }

  private static void setCount(H5Context ctx, long address, long count) throws Exception {
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : ctx.header(address).messages()) {
      if (m.type() != MessageType.REFERENCE_COUNT) {
        messages.add(m);
      }
    }
    messages.add(StoredMessage.of(MessageType.REFERENCE_COUNT,
        MessageClasses.REFERENCE_COUNT.encode(new ReferenceCountMessage(count), ctx.params())));
    ctx.rewriteHeader(address, messages);
  }
}
