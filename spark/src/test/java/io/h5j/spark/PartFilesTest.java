package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which part files and folders a commit or an abort removes. */
class PartFilesTest {
  @TempDir Path dir;

  private static List<String> names(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void commitKeepsTheCommittedTasksFilesAndTheMergedOne() throws Exception {
    Path target = dir.resolve("t.h5");
    TargetStore store = new LocalTargetStore(dir.toString(), "t.h5");
    String q2 = PartFiles.jobDir("t.h5", "q2");
    Path job = dir.resolve(q2);
    Files.createDirectories(job);
    for (String n : List.of("part-0-1.h5", "part-0-7.h5", "part-1-2.h5", PartFiles.MERGED)) {
      Files.writeString(job.resolve(n), n);
    }
    String q1 = PartFiles.jobDir("t.h5", "q1");
    Path older = dir.resolve(q1);
    Files.createDirectories(older);
    Files.writeString(older.resolve("part-0-0.h5"), "old");
    String q3 = PartFiles.jobDir("t.h5", "q3"); // a write still running beside q2's
    Files.createDirectories(dir.resolve(q3));

    // part-0-7.h5: a second attempt of partition 0 that did not commit
    PartFiles.deleteUnreferenced(store, q2, Set.of("part-0-1.h5", "part-1-2.h5"));
    // q1's folder is the one the file q2 replaced mapped
    PartFiles.deleteReplaced(store, q2, Set.of(older.getFileName().toString(),
        job.getFileName().toString()));
    assertEquals(List.of("part-0-1.h5", "part-1-2.h5", PartFiles.MERGED), names(job));
    assertEquals(List.of(job.getFileName().toString(), dir.resolve(q3).getFileName().toString()),
        names(PartFiles.root(target)));
    Files.delete(dir.resolve(q3));

    PartFiles.deleteJob(store, q2);
    assertFalse(Files.exists(PartFiles.root(target)), "an empty parts folder goes too");
  }
}
