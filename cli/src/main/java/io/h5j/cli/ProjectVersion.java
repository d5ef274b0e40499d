package io.h5j.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version {@code h5j --version} prints: the project's, which Maven writes into
 * {@code version.properties} when it copies the resources, so the pom is its only source.
 */
final class ProjectVersion implements IVersionProvider {
  /** The project version, as the pom says it (e.g. {@code 0.1.0-SNAPSHOT}). */
  static String version() {
    try (InputStream in = ProjectVersion.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        throw new IllegalStateException("version.properties is missing from h5j's classes;"
            + " rebuild h5j with Maven");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String[] getVersion() {
    return new String[] {"h5j " + version()};
  }
}
