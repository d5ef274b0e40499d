package io.h5j.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test class that runs a program outside the JVM to judge h5j (h5dump, h5py or
 * versioned-hdf5 under /usr/bin/python3, h5wasm under Node, strace), directly or through a
 * helper of this package. It carries the tag {@value #TAG} for both JUnit Jupiter and jqwik,
 * so {@code mvn test -Punit} (or {@code -DexcludedGroups=oracle}) runs the JVM-only tests
 * alone; the default build runs everything.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@org.junit.jupiter.api.Tag(OracleTest.TAG)
@net.jqwik.api.Tag(OracleTest.TAG)
public @interface OracleTest {
  /** The tag name, for {@code groups}/{@code excludedGroups}. */
  String TAG = "oracle";
}
