package io.h5j.benchmarks;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * An earlier build of h5j-spark (its h5j-format, h5j-versioning and h5j-spark jars, copied
 * into one folder before a change), loaded beside this build in the same JVM: classes of
 * {@code io.h5j} but the benchmarks' own come from those jars first, everything else (Spark,
 * Hadoop) from the class path as for this build. A Spark session started while this loader
 * is the thread's context loader runs its tasks with it, so the same query over the source's
 * class name ({@link #SOURCE}) reads through the earlier build, in the same rounds, heap and
 * page cache as this one.
 */
final class EarlierSparkBuild extends URLClassLoader {
  /** The source's class name: Spark loads it through the context loader. */
  static final String SOURCE = "io.h5j.spark.Hdf5DataSource";

  private final Path dir;

  private EarlierSparkBuild(Path dir, URL[] jars, ClassLoader parent) {
    super(jars, parent);
    this.dir = dir;
  }

  /** The jars of {@code dir}, in front of this build's class path. */
  static EarlierSparkBuild of(Path dir) throws IOException {
    URL[] jars;
    try (Stream<Path> s = Files.list(dir)) {
      jars = s.filter(p -> p.toString().endsWith(".jar")).sorted().map(p -> {
        try {
          return p.toUri().toURL();
        } catch (java.net.MalformedURLException e) {
          throw new IllegalArgumentException(p.toString(), e);
        }
      }).toArray(URL[]::new);
    }
    if (jars.length == 0) {
      throw new IllegalArgumentException("no jars in " + dir + "; copy the h5j-format,"
          + " h5j-versioning and h5j-spark jars of the earlier build there");
    }
    return new EarlierSparkBuild(dir, jars, EarlierSparkBuild.class.getClassLoader());
  }

  /** The contender's name in the tables. */
  String name() {
    return "before (" + dir + ")";
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!name.startsWith("io.h5j.") || name.startsWith("io.h5j.benchmarks.")) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        try {
          c = findClass(name);
        } catch (ClassNotFoundException e) {
          c = super.loadClass(name, false);
        }
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  @Override
  public URL getResource(String name) {
    URL own = findResource(name); // the earlier build's service files and resources first
    return own != null ? own : super.getResource(name);
  }
}
