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
  private final ClassLoader loader;

  private EarlierBuild(Path jar) throws Exception {
    this.jar = jar;
    // parent: the platform loader, so no class of this build's h5j is seen from there
    this.loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
        ClassLoader.getPlatformClassLoader());
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

  /**
   * The earlier build's static method {@code method} of benchmark class {@code simpleName}
   * (H5jOps, PeerOps, ...), called with {@code args}, whose classes are the parameter types
   * but for {@code Integer} and {@code Boolean}, passed as {@code int} and {@code boolean}.
   */
  Timing.Op op(String simpleName, String method, Object... args) throws Exception {
    Class<?>[] types = new Class<?>[args.length];
    for (int i = 0; i < args.length; i++) {
      types[i] = args[i] instanceof Integer ? int.class
          : args[i] instanceof Boolean ? boolean.class
          : args[i] instanceof Path ? Path.class : args[i].getClass();
    }
    Method m = Class.forName("io.h5j.benchmarks." + simpleName, true, loader)
        .getDeclaredMethod(method, types);
    m.setAccessible(true); // package-private in its own (unnamed) module
    return () -> {
      try {
        return m.invoke(null, args);
      } catch (InvocationTargetException e) {
        throw e.getCause() instanceof Exception x ? x : new RuntimeException(e.getCause());
      }
    };
  }

  /**
   * As {@link #op}, for a method that times itself and returns its build's
   * {@code Contender.Run}, read back into this build's.
   */
  Contender.Timed timed(String simpleName, String method, Object... args) throws Exception {
    Timing.Op call = op(simpleName, method, args);
    return () -> {
      Object run = call.run();
      return new Contender.Run((Double) component(run, "seconds"), component(run, "check"));
    };
  }

  private static Object component(Object record, String name) throws Exception {
    Method m = record.getClass().getDeclaredMethod(name);
    m.setAccessible(true); // a package-private record of the other build
    return m.invoke(record);
  }
}
