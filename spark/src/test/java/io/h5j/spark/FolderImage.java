package io.h5j.spark;

import io.h5j.testing.FileImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A folder's names and files in memory, changed by replaying {@link FolderOp}s: what a crash
 * state of a {@link FolderLog} holds. An entry whose folder is missing (its mkdir was lost
 * while its own creation landed) cannot be reached and is not written out.
 */
final class FolderImage {
  private final TreeMap<String, Integer> names;
  private final Map<Integer, FileImage> files = new HashMap<>();

  FolderImage(FolderLog log) {
    this.names = new TreeMap<>(log.initialNames());
    log.initialBytes().forEach((inode, b) -> files.put(inode, new FileImage(b)));
  }

  void apply(FolderOp op) {
    if (op instanceof FolderOp.OnFile f) {
      file(f.inode()).apply(f.op());
    } else if (op instanceof FolderOp.Create c) {
      names.put(c.name(), c.inode());
      file(c.inode());
    } else if (op instanceof FolderOp.Mkdir m) {
      names.put(m.name(), FolderLog.FOLDER);
    } else if (op instanceof FolderOp.Remove r) {
      names.remove(r.name());
    } else if (op instanceof FolderOp.Rename r) {
      names.remove(r.from());
      if (r.inode() == FolderLog.FOLDER) {
        String prefix = r.from() + "/";
        for (String k : names.tailMap(prefix).keySet().stream()
            .takeWhile(k -> k.startsWith(prefix)).toList()) {
          names.put(r.to() + k.substring(r.from().length()), names.remove(k));
        }
      }
      names.put(r.to(), r.inode());
    }
  }

  private FileImage file(int inode) {
    return files.computeIfAbsent(inode, i -> new FileImage(new byte[0]));
  }

  /** Cuts or zero-extends file {@code inode} to {@code size} bytes. */
  void resize(int inode, long size) {
    file(inode).resize(size);
  }

  /** The bytes of the file named {@code name}, or null when no file has that name. */
  byte[] bytes(String name) {
    Integer inode = names.get(name);
    return inode == null || inode == FolderLog.FOLDER || !reachable(name) ? null
        : files.get(inode).bytes();
  }

  private boolean reachable(String name) {
    for (String d = FolderOp.parent(name); !d.isEmpty(); d = FolderOp.parent(d)) {
      if (!Integer.valueOf(FolderLog.FOLDER).equals(names.get(d))) {
        return false;
      }
    }
    return true;
  }

  /** Makes the folder {@code dir} (not there yet) hold this image's reachable names. */
  void writeTo(Path dir) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, Integer> e : names.entrySet()) {
      if (!reachable(e.getKey())) {
        continue;
      }
      Path p = dir.resolve(e.getKey());
      if (e.getValue() == FolderLog.FOLDER) {
        Files.createDirectories(p);
      } else {
        Files.write(p, files.get(e.getValue()).bytes());
      }
    }
  }
}
