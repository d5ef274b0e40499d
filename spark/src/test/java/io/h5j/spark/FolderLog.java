package io.h5j.spark;

import io.h5j.testing.ChannelOp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What happened in one folder while it was recorded: its files and folders at the start, and
 * every {@link FolderOp} since, in the order they completed. Safe for the tasks' threads.
 */
final class FolderLog {
  /** The inode of a folder in {@link #initialNames}. */
  static final int FOLDER = -1;

  private final Path root;
  private final TreeMap<String, Integer> initialNames = new TreeMap<>();
  private final Map<Integer, byte[]> initialBytes = new HashMap<>();
  private final Map<String, Integer> inodes = new HashMap<>();
  private final List<FolderOp> ops = new ArrayList<>();
  private int nextInode;

  /** Starts recording {@code root} (a real, absolute folder) as it is now. */
  FolderLog(Path root) throws IOException {
    this.root = root;
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.filter(p -> !p.equals(root)).toList()) {
        String name = name(p);
        if (Files.isDirectory(p)) {
          initialNames.put(name, FOLDER);
        } else {
          int inode = nextInode++;
          initialNames.put(name, inode);
          initialBytes.put(inode, Files.readAllBytes(p));
          inodes.put(name, inode);
        }
      }
    }
  }

  /** {@code real}'s name in the folder, or null when it is outside it. */
  String name(Path real) {
    Path p = real.toAbsolutePath().normalize();
    return p.startsWith(root) && !p.equals(root) ? root.relativize(p).toString()
        : p.equals(root) ? "" : null;
  }

  TreeMap<String, Integer> initialNames() {
    return initialNames;
  }

  Map<Integer, byte[]> initialBytes() {
    return initialBytes;
  }

  synchronized List<FolderOp> operations() {
    return List.copyOf(ops);
  }

  /** The number of operations completed: what a sync called now covers. */
  synchronized int completed() {
    return ops.size();
  }

  synchronized void add(FolderOp op) {
    ops.add(op);
  }

  /** The file now named {@code name} (a new inode if the log never saw it made). */
  synchronized int inode(String name) {
    return inodes.computeIfAbsent(name, n -> nextInode++);
  }

  synchronized void onFile(String name, ChannelOp op) {
    ops.add(new FolderOp.OnFile(inode(name), op));
  }

  synchronized void created(String name) {
    int inode = nextInode++;
    inodes.put(name, inode);
    ops.add(new FolderOp.Create(name, inode));
  }

  synchronized void removed(String name) {
    inodes.remove(name);
    ops.add(new FolderOp.Remove(name));
  }

  synchronized void renamed(String from, String to, boolean folder) {
    Integer inode = inodes.remove(from);
    if (folder) {
      Map<String, Integer> moved = new HashMap<>();
      inodes.keySet().removeIf(k -> {
        if (k.startsWith(from + "/")) {
          moved.put(to + k.substring(from.length()), inodes.get(k));
          return true;
        }
        return false;
      });
      inodes.putAll(moved);
    } else if (inode != null) {
      inodes.put(to, inode);
    }
    ops.add(new FolderOp.Rename(from, to, folder ? FOLDER : inode == null ? inode(to) : inode));
  }
}
