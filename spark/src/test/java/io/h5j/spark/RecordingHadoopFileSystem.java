package io.h5j.spark;

import io.h5j.testing.ChannelOp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;
import org.jspecify.annotations.Nullable;

/**
 * Hadoop's raw local file system under a scheme of its own, {@value #SCHEME}{@code :} (no
 * local path to h5j-spark, so a write goes through {@link HadoopTargetStore}; no
 * {@code FileContext} binding, as for many file systems), that logs in a {@link FolderLog}
 * what changes the recorded folder while {@link #RECORDER} records: creates, the bytes that
 * leave a stream (at {@code hflush}, {@code hsync}, {@code close} or every
 * {@value #PACKET_BYTES} bytes, as an HDFS client sends packets: a killed writer loses what
 * it buffered), {@code hsync}s, mkdirs, renames and deletes. As a name node does, it makes
 * every change of names durable before it returns (a folder sync logged after each), so that
 * power cuts lose only bytes not {@code hsync}ed.
 */
public final class RecordingHadoopFileSystem extends FilterFileSystem {
  static final String SCHEME = "h5jrec";
  /** An HDFS client's packet: bytes are sent on once this many are buffered. */
  static final int PACKET_BYTES = 64 << 10;
  private static volatile @Nullable FolderLog log;

  /** Records into a log while a write runs ({@link RecordedWrites#record}). */
  static final RecordedWrites.Recorder RECORDER = new RecordedWrites.Recorder() {
    @Override
    public void start(FolderLog l) {
      log = l;
    }

    @Override
    public void stop() {
      log = null;
    }
  };

  public RecordingHadoopFileSystem() {
    super(new Raw());
  }

  /** Makes {@code conf} map scheme {@value #SCHEME} to this class. */
  static void register(Configuration conf) {
    conf.set("fs." + SCHEME + ".impl", RecordingHadoopFileSystem.class.getName());
  }

  /** The URI of local file or folder {@code file} in this file system. */
  static String uri(java.nio.file.Path file) {
    return SCHEME + "://" + file.toAbsolutePath();
  }

  /** The raw local file system, named by this scheme. */
  private static final class Raw extends RawLocalFileSystem {
    @Override
    public URI getUri() {
      return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
      return SCHEME;
    }
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  private static java.nio.file.Path local(Path p) {
    return java.nio.file.Path.of(p.toUri().getPath());
  }

  /** {@code p}'s name in the recorded folder, or null when nothing records it. */
  private static @Nullable String name(Path p) {
    FolderLog l = log;
    return l == null ? null : l.name(local(p));
  }

  /** Logs that the name node made the names in {@code name}'s folder durable. */
  private static void namesDurable(FolderLog l, String name) {
    l.add(new FolderOp.SyncFolder(FolderOp.parent(name), l.completed()));
  }

  /** The folders from {@code dir} up that do not exist, outermost first. */
  private List<Path> missingFolders(Path dir) throws IOException {
    List<Path> missing = new ArrayList<>();
    for (Path d = dir; d != null && name(d) != null && !exists(d); d = d.getParent()) {
      missing.add(0, d);
    }
    return missing;
  }

  private static void logMkdirs(FolderLog l, List<Path> made) {
    for (Path d : made) {
      String n = l.name(local(d));
      if (n != null && !n.isEmpty()) {
        l.add(new FolderOp.Mkdir(n));
        namesDurable(l, n);
      }
    }
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite,
      int bufferSize, short replication, long blockSize, Progressable progress)
      throws IOException {
    FolderLog l = log;
    String name = name(f);
    if (l == null || name == null) {
      return super.create(f, permission, overwrite, bufferSize, replication, blockSize,
          progress);
    }
    List<Path> folders = missingFolders(f.getParent());
    boolean existed = exists(f);
    FSDataOutputStream out = super.create(f, permission, overwrite, bufferSize, replication,
        blockSize, progress);
    logMkdirs(l, folders);
    if (existed) {
      l.onFile(name, new ChannelOp.Truncate(0));
    } else {
      l.created(name);
      namesDurable(l, name);
    }
    return new FSDataOutputStream(new LoggedStream(out, l, name), statistics);
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) throws IOException {
    FolderLog l = log;
    List<Path> folders = l == null ? List.of() : missingFolders(f);
    boolean made = super.mkdirs(f, permission);
    if (l != null && made) {
      logMkdirs(l, folders);
    }
    return made;
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    FolderLog l = log;
    String from = name(src);
    String to = name(dst);
    if (l == null || from == null && to == null) {
      return super.rename(src, dst);
    }
    if (from == null || to == null) {
      throw new UnsupportedOperationException("a rename into or out of the recorded folder: "
          + src + " to " + dst);
    }
    FileStatus s = getFileStatus(src);
    if (exists(dst) && getFileStatus(dst).isDirectory()) {
      throw new UnsupportedOperationException("a rename into a folder is not logged: " + dst);
    }
    boolean done = super.rename(src, dst);
    if (done) {
      l.renamed(from, to, s.isDirectory());
      namesDurable(l, to);
    }
    return done;
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    FolderLog l = log;
    String name = name(f);
    if (l == null || name == null || !exists(f)) {
      return super.delete(f, recursive);
    }
    List<String> gone = new ArrayList<>();
    collect(f, gone);
    boolean done = super.delete(f, recursive);
    if (done) {
      for (String n : gone) {
        l.removed(n);
        namesDurable(l, n);
      }
    }
    return done;
  }

  /** The names under {@code p} and its own, innermost first. */
  private void collect(Path p, List<String> out) throws IOException {
    FileStatus s = getFileStatus(p);
    if (s.isDirectory()) {
      FileStatus[] children = listStatus(p);
      Arrays.sort(children);
      for (FileStatus c : children) {
        collect(c.getPath(), out);
      }
    }
    out.add(name(p));
  }

  /** A stream whose bytes are logged as they leave it, and whose {@code hsync}s are. */
  private static final class LoggedStream extends OutputStream
      implements Syncable, StreamCapabilities {
    private final FSDataOutputStream out;
    private final FolderLog log;
    private final String name;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private long sent;

    LoggedStream(FSDataOutputStream out, FolderLog log, String name) {
      this.out = out;
      this.log = log;
      this.name = name;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      pending.write(b, off, len);
      if (pending.size() >= PACKET_BYTES) {
        send();
      }
    }

    /** Sends the buffered bytes on: to the file, and to the log. */
    private void send() throws IOException {
      if (pending.size() == 0) {
        return;
      }
      byte[] b = pending.toByteArray();
      pending.reset();
      out.write(b);
      out.hflush();
      log.onFile(name, new ChannelOp.Write(sent, b));
      sent += b.length;
    }

    @Override
    public synchronized void hflush() throws IOException {
      send();
    }

    @Override
    public synchronized void hsync() throws IOException {
      send();
      out.hsync();
      log.onFile(name, new ChannelOp.Force(log.completed()));
    }

    @Override
    public synchronized void close() throws IOException {
      send();
      out.close();
    }

    @Override
    public boolean hasCapability(String capability) {
      String c = capability.toLowerCase(Locale.ROOT);
      return c.equals(StreamCapabilities.HSYNC) || c.equals(StreamCapabilities.HFLUSH);
    }
  }
}
