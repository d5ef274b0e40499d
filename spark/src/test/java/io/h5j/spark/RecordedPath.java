package io.h5j.spark;

import java.io.IOException;
import java.net.URI;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;

/**
 * A path of a {@link RecordingFileSystem}: a path of the default file system whose file
 * operations go through the recording provider. Paths of other file systems given to it (as
 * format's code makes with {@code Path.of}) are taken by their names.
 */
final class RecordedPath implements Path {
  private final RecordingFileSystem fs;
  private final Path real;

  RecordedPath(RecordingFileSystem fs, Path real) {
    this.fs = fs;
    this.real = real;
  }

  /** The default file system's path. */
  Path real() {
    return real;
  }

  private RecordedPath wrap(Path p) {
    return p == null ? null : new RecordedPath(fs, p);
  }

  private Path unwrap(Path p) {
    return p instanceof RecordedPath r ? r.real : real.getFileSystem().getPath(p.toString());
  }

  @Override
  public RecordingFileSystem getFileSystem() {
    return fs;
  }

  @Override
  public boolean isAbsolute() {
    return real.isAbsolute();
  }

  @Override
  public Path getRoot() {
    return wrap(real.getRoot());
  }

  @Override
  public Path getFileName() {
    return wrap(real.getFileName());
  }

  @Override
  public Path getParent() {
    return wrap(real.getParent());
  }

  @Override
  public int getNameCount() {
    return real.getNameCount();
  }

  @Override
  public Path getName(int index) {
    return wrap(real.getName(index));
  }

  @Override
  public Path subpath(int beginIndex, int endIndex) {
    return wrap(real.subpath(beginIndex, endIndex));
  }

  @Override
  public boolean startsWith(Path other) {
    return real.startsWith(unwrap(other));
  }

  @Override
  public boolean endsWith(Path other) {
    return real.endsWith(unwrap(other));
  }

  @Override
  public Path normalize() {
    return wrap(real.normalize());
  }

  @Override
  public Path resolve(Path other) {
    return wrap(real.resolve(unwrap(other)));
  }

  @Override
  public Path relativize(Path other) {
    return wrap(real.relativize(unwrap(other)));
  }

  @Override
  public URI toUri() {
    return real.toUri();
  }

  @Override
  public Path toAbsolutePath() {
    return wrap(real.toAbsolutePath());
  }

  @Override
  public Path toRealPath(LinkOption... options) throws IOException {
    return wrap(real.toRealPath(options));
  }

  @Override
  public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events,
      WatchEvent.Modifier... modifiers) {
    throw new UnsupportedOperationException("no watching in a recording file system");
  }

  @Override
  public int compareTo(Path other) {
    return real.compareTo(unwrap(other));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RecordedPath r && r.real.equals(real);
  }

  @Override
  public int hashCode() {
    return real.hashCode();
  }

  @Override
  public String toString() {
    return real.toString();
  }
}
