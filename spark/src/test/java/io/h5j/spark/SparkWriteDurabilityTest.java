package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.rand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local write's durability order: every part file the target maps is forced to disk, and
 * its folder and the folders above it synced, before the target is renamed into place, so
 * that a power cut never leaves a target mapping part files whose bytes or names were lost.
 * The steps come from {@link WriteEvents} in the order the tasks and the driver made them.
 */
@OracleTest
class SparkWriteDurabilityTest {
  @TempDir Path dir;

  @AfterEach
  void listenToNone() {
    WriteEvents.listen(null);
  }

  @Test
  void everyPartFileIsForcedAndItsFolderSyncedBeforeTheTargetIsPlaced() throws Exception {
    Oracles.requireH5py();
    List<String> steps = Collections.synchronizedList(new ArrayList<>());
    WriteEvents.listen((kind, name) -> steps.add(kind + " " + name));
    Path target = dir.resolve("d.h5");
    // three tasks of consecutive ids, chunks of 7 spanning their borders: the driver writes
    // part-merged.h5 too
    TestSpark.session().range(0, 40, 1, 3)
        .select(col("id").as("i0"), expr("cast(id * 2 + 1 as double)").as("value"))
        .sortWithinPartitions(rand(5))
        .write().format("hdf5").mode("append").option("dataset", "/x").option("chunks", "7")
        .save(target.toString());

    List<String> parts;
    try (Stream<Path> s = Files.walk(PartFiles.root(target))) {
      parts = s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted()
          .toList();
    }
    assertTrue(parts.size() >= 4 && parts.stream().anyMatch(p -> p.endsWith(PartFiles.MERGED)),
        "three tasks' part files and the merged one: " + parts);
    String jobDir = parts.get(0).substring(0, parts.get(0).lastIndexOf('/'));
    List<String> order = List.copyOf(steps);
    int placed = order.indexOf("PLACED d.h5");
    assertTrue(placed >= 0, "the target was placed: " + order);
    int lastForce = -1;
    for (String p : parts) {
      int forced = order.indexOf("FORCED " + p);
      assertTrue(forced >= 0 && forced < placed, p + " forced before the target: " + order);
      lastForce = Math.max(lastForce, forced);
    }
    for (String folder : List.of(jobDir, "d.h5.parts", "")) {
      int synced = order.subList(lastForce, placed).indexOf("FOLDER_SYNCED " + folder);
      assertTrue(synced >= 0, "folder '" + folder + "' synced after the last part file's"
          + " force and before the target's rename: " + order);
    }

    // and the file is what the rows say, to libhdf5
    String values = Oracles.python(String.join("\n",
        "import h5py, sys",
        "print(list(h5py.File(sys.argv[1], 'r')['x'][...]))"), target.toString()).trim();
    List<String> want = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      want.add((i * 2 + 1) + ".0");
    }
    assertEquals("[" + String.join(", ", want) + "]", values.replace("np.float64(", "")
        .replace(")", ""));
  }
}
