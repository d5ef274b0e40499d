package io.h5j.benchmarks;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * An earlier build's benchmark jar (a copy of {@code benchmarks/target/h5j-benchmarks.jar}
 * made before a change), loaded beside this build in the same JVM through a class loader of
 * its own, so that an in-process row can time the same operation of both builds in the same
 * rounds: the before/after comparison sees the same heap, load and page cache.
 */
final class EarlierBuild {
  /** The system property naming the earlier jar. */
  static final String PROPERTY = "h5j.bench.h5jBeforeJar";

  private final Path jar;
  private final Class<?> ops;

  private EarlierBuild(Path jar) throws Exception {
    this.jar = jar;
    // parent: the platform loader, so no class of this build's h5j is seen from there
    URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
        ClassLoader.getPlatformClassLoader());
    this.ops = Class.forName("io.h5j.benchmarks.H5jOps", true, loader);
  }

  /** The earlier build named by {@link #PROPERTY}, or null when the property is not set. */
  static EarlierBuild fromProperty() throws Exception {
    String p = System.getProperty(PROPERTY);
    return p == null ? null : new EarlierBuild(Path.of(p));
  }

  /** The contender's name in the tables. */
  String name() {
    return "h5j before (" + jar.getFileName() + " of " + jar.toAbsolutePath().getParent() + ")";
  }

  /** The earlier build's {@code H5jOps.randomChunks(file, count)}. */
  Timing.Op randomChunks(Path file, int count) throws NoSuchMethodException {
    return op(ops.getDeclaredMethod("randomChunks", Path.class, int.class), file, count);
  }

  /** The earlier build's {@code H5jOps.read(file)}. */
  Timing.Op read(Path file) throws NoSuchMethodException {
    return op(ops.getDeclaredMethod("read", Path.class), file);
  }

  private static Timing.Op op(Method m, Object... args) {
    m.setAccessible(true); // package-private in its own (unnamed) module
    return () -> {
      try {
        return m.invoke(null, args);
      } catch (InvocationTargetException e) {
        throw e.getCause() instanceof Exception x ? x : new RuntimeException(e.getCause());
      }
    };
  }
}
