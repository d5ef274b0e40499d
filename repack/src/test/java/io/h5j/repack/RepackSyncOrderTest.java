package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order of a repack's system calls, as strace sees them in a JVM of its own: every write
 * to the temporary output has completed before a sync of it starts, that sync completes before
 * the rename to OUT starts, and the folder is synced after the rename; so that after a power
 * cut OUT is the old file or the whole new one (a kill cannot show this: the page cache
 * survives it).
 */
@OracleTest
class RepackSyncOrderTest {
  private static final Pattern CALL = Pattern.compile(
      "^(\\d+)\\s+(?:<\\.\\.\\. (\\w+) resumed>|(\\w+)\\((.*))");

  /** One system call of the trace: where it started and ended, what it named. */
  private record Call(String name, String args, int start, int end) {}

  @Test
  void outputIsSyncedBeforeTheRenameAndTheFolderAfter(@TempDir Path dir) throws Exception {
    Oracles.requireStrace();
    Path in = dir.resolve("in.h5");
    Oracles.python(String.join("\n", "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('d', data=np.arange(3_000_000, dtype='<f8'), chunks=(10_000,))",
        "    f.create_dataset('s', data=['a', 'bb'], dtype=h5py.string_dtype())"),
        in.toString());
    Path out = dir.resolve("out.h5");
    Path trace = dir.resolve("trace.txt");
    Process p = new ProcessBuilder(Oracles.STRACE.toString(), "-f", "-y", "-o", trace.toString(),
        "-e", "trace=fsync,fdatasync,rename,renameat,renameat2,pwrite64,pwritev,write,writev,"
            + "sendfile,copy_file_range,ftruncate",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), RepackChild.class.getName(),
        in.toString(), out.toString()).redirectErrorStream(true).start();
    String log = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), log);
    RepackOracle.assertSameContent(in, out);

    List<Call> calls = parse(Files.readAllLines(trace));
    String temp = "/." + out.getFileName() + ".";
    int rename = -1;
    for (int i = 0; i < calls.size(); i++) {
      Call c = calls.get(i);
      if (c.name.startsWith("rename") && c.args.contains(temp) && c.args.contains(
          "\"" + out + "\"")) {
        rename = i;
      }
    }
    assertTrue(rename >= 0, "no rename of the temporary file to " + out + " in the trace");
    Call moved = calls.get(rename);
    int lastWriteEnd = -1;
    for (Call c : calls) {
      boolean write = c.name.contains("write") || c.name.equals("sendfile")
          || c.name.equals("copy_file_range") || c.name.equals("ftruncate");
      if (write && c.args.contains(temp) && c.start < moved.start) {
        lastWriteEnd = Math.max(lastWriteEnd, c.end);
      }
    }
    assertTrue(lastWriteEnd >= 0, "no write to the temporary file in the trace");
    int written = lastWriteEnd;
    boolean synced = calls.stream().anyMatch(c -> c.name.matches("f(data)?sync")
        && c.args.contains(temp) && c.start > written && c.end < moved.start);
    assertTrue(synced, "no sync of the temporary file between its last write (trace line "
        + written + ") and the rename (line " + moved.start + ")");
    boolean folder = calls.stream().anyMatch(c -> c.name.equals("fsync")
        && c.args.contains("<" + dir + ">") && c.start > moved.end);
    assertTrue(folder, "no sync of " + dir + " after the rename");
  }

  /**
   * The calls of an {@code strace -f -y} trace, in the order they started; a call another
   * thread interrupted ({@code <unfinished ...>}) ends where it is resumed. Arguments start
   * after the call's "(": with -y, an fd shows as {@code 5</path>}.
   */
  private static List<Call> parse(List<String> lines) {
    List<Call> calls = new ArrayList<>();
    java.util.Map<String, Integer> open = new java.util.HashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = CALL.matcher(lines.get(i));
      if (!m.find()) {
        continue;
      }
      String thread = m.group(1);
      if (m.group(2) != null) {
        Integer at = open.remove(thread + " " + m.group(2));
        if (at != null) {
          Call c = calls.get(at);
          calls.set(at, new Call(c.name, c.args, c.start, i));
        }
      } else {
        String args = m.group(4);
        calls.add(new Call(m.group(3), args, i, i));
        if (args.endsWith("<unfinished ...>")) {
          open.put(thread + " " + m.group(3), calls.size() - 1);
        }
      }
    }
    return calls;
  }
}
