package io.h5j.spark;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardOpenOption;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.spi.FileSystemProvider;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.stream.StreamSupport;

/**
 * The default file system, with every change and sync in one folder logged in a
 * {@link FolderLog}: what {@link LocalTargetStore} writes through when a test installs it as
 * {@link LocalTargetStore#files}, h5j's format and versioning layers included (they open
 * their channels from the paths they are given).
 */
final class RecordingFileSystem extends FileSystem {
  private final FileSystem base = FileSystems.getDefault();
  private final FolderLog log;
  private final Provider provider = new Provider();

  RecordingFileSystem(FolderLog log) {
    this.log = log;
  }

  RecordedPath wrap(Path real) {
    return new RecordedPath(this, real);
  }

  private static Path real(Path p) {
    return p instanceof RecordedPath r ? r.real() : p;
  }

  @Override
  public FileSystemProvider provider() {
    return provider;
  }

  @Override
  public void close() {}

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public boolean isReadOnly() {
    return false;
  }

  @Override
  public String getSeparator() {
    return base.getSeparator();
  }

  @Override
  public Iterable<Path> getRootDirectories() {
    return StreamSupport.stream(base.getRootDirectories().spliterator(), false)
        .map(p -> (Path) wrap(p)).toList();
  }

  @Override
  public Iterable<FileStore> getFileStores() {
    return base.getFileStores();
  }

  @Override
  public Set<String> supportedFileAttributeViews() {
    return base.supportedFileAttributeViews();
  }

  @Override
  public Path getPath(String first, String... more) {
    return wrap(base.getPath(first, more));
  }

  @Override
  public PathMatcher getPathMatcher(String syntaxAndPattern) {
    PathMatcher m = base.getPathMatcher(syntaxAndPattern);
    return p -> m.matches(real(p));
  }

  @Override
  public UserPrincipalLookupService getUserPrincipalLookupService() {
    return base.getUserPrincipalLookupService();
  }

  @Override
  public WatchService newWatchService() {
    throw new UnsupportedOperationException("no watching in a recording file system");
  }

  /** The default provider, logging what changes the recorded folder. */
  private final class Provider extends FileSystemProvider {
    private final FileSystemProvider base = RecordingFileSystem.this.base.provider();

    @Override
    public String getScheme() {
      return "h5j-recording";
    }

    @Override
    public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
      throw new UnsupportedOperationException();
    }

    @Override
    public FileSystem getFileSystem(URI uri) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Path getPath(URI uri) {
      return wrap(base.getPath(uri));
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options,
        FileAttribute<?>... attrs) throws IOException {
      return newFileChannel(path, options, attrs);
    }

    @Override
    public FileChannel newFileChannel(Path path, Set<? extends OpenOption> options,
        FileAttribute<?>... attrs) throws IOException {
      Path real = real(path);
      String name = log.name(real);
      if (name == null) {
        return base.newFileChannel(real, options, attrs);
      }
      boolean existed = Files.exists(real);
      FileChannel c = base.newFileChannel(real, options, attrs);
      boolean folder = Files.isDirectory(real);
      if (!existed) {
        log.created(name);
      } else if (!folder && options.contains(StandardOpenOption.TRUNCATE_EXISTING)
          && options.contains(StandardOpenOption.WRITE)) {
        log.onFile(name, new io.h5j.testing.ChannelOp.Truncate(0));
      }
      return new LoggedChannel(c, log, name, folder);
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir,
        DirectoryStream.Filter<? super Path> filter) throws IOException {
      DirectoryStream<Path> s = base.newDirectoryStream(real(dir), p -> filter.accept(wrap(p)));
      return new DirectoryStream<>() {
        @Override
        public Iterator<Path> iterator() {
          Iterator<Path> it = s.iterator();
          return new Iterator<>() {
            @Override
            public boolean hasNext() {
              return it.hasNext();
            }

            @Override
            public Path next() {
              return wrap(it.next());
            }
          };
        }

        @Override
        public void close() throws IOException {
          s.close();
        }
      };
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
      base.createDirectory(real(dir), attrs);
      String name = log.name(real(dir));
      if (name != null) {
        log.add(new FolderOp.Mkdir(name));
      }
    }

    @Override
    public void delete(Path path) throws IOException {
      base.delete(real(path));
      String name = log.name(real(path));
      if (name != null) {
        log.removed(name);
      }
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) {
      throw new UnsupportedOperationException("copies are not logged");
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) throws IOException {
      boolean folder = Files.isDirectory(real(source));
      base.move(real(source), real(target), options);
      String from = log.name(real(source));
      String to = log.name(real(target));
      if (from == null || to == null) {
        throw new UnsupportedOperationException("a move into or out of the recorded folder");
      }
      log.renamed(from, to, folder);
    }

    @Override
    public boolean isSameFile(Path path, Path path2) throws IOException {
      return base.isSameFile(real(path), real(path2));
    }

    @Override
    public boolean isHidden(Path path) throws IOException {
      return base.isHidden(real(path));
    }

    @Override
    public FileStore getFileStore(Path path) throws IOException {
      return base.getFileStore(real(path));
    }

    @Override
    public void checkAccess(Path path, AccessMode... modes) throws IOException {
      base.checkAccess(real(path), modes);
    }

    @Override
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type,
        LinkOption... options) {
      return base.getFileAttributeView(real(path), type, options);
    }

    @Override
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type,
        LinkOption... options) throws IOException {
      return base.readAttributes(real(path), type, options);
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes,
        LinkOption... options) throws IOException {
      return base.readAttributes(real(path), attributes, options);
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options)
        throws IOException {
      base.setAttribute(real(path), attribute, value, options);
    }
  }
}
