package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.junit.jupiter.api.Test;

/**
 * Commons Compress is optional: h5j's classes loaded where it is absent still load, and the
 * bzip2 filter then fails naming the library (an UNSUPPORTED {@code H5FormatException} on
 * decode, an {@link UnsupportedOperationException} on encode). The same loader given the
 * library decodes, so the failure comes from the missing library and nothing else.
 */
class Bzip2FilterTest {
  private static final byte[] DATA =
      "bzip2 bzip2 bzip2 bzip2 chunk bytes".repeat(20).getBytes(StandardCharsets.US_ASCII);

  @Test
  void withoutCommonsCompressDecodeIsUnsupportedNamingTheLibrary() throws Exception {
    byte[] stream = Filters.standard().get(Filters.BZIP2).encode(DATA, new int[] {9}).get();
    try (URLClassLoader h5jAlone = loader(false)) {
      Throwable e = assertThrows(InvocationTargetException.class,
          () -> decode(h5jAlone, stream)).getCause();
      assertEquals("io.h5j.format.H5FormatException", e.getClass().getName());
      assertEquals("UNSUPPORTED", String.valueOf(e.getClass().getMethod("kind").invoke(e)));
      assertTrue(e.getMessage().contains("bzip2 filter"), e.getMessage());
      assertTrue(e.getMessage().contains(Bzip2Filter.LIBRARY), e.getMessage());
    }
  }

  @Test
  void withoutCommonsCompressEncodeFailsNamingTheLibrary() throws Exception {
    try (URLClassLoader h5jAlone = loader(false)) {
      Object filter = bzip2(h5jAlone);
      Method encode = filterMethod(h5jAlone, "encode", byte[].class, int[].class);
      Throwable e = assertThrows(InvocationTargetException.class,
          () -> encode.invoke(filter, DATA, new int[] {9})).getCause();
      assertEquals(UnsupportedOperationException.class, e.getClass());
      assertTrue(e.getMessage().contains(Bzip2Filter.LIBRARY), e.getMessage());
    }
  }

  @Test
  void theSameLoaderWithCommonsCompressDecodes() throws Exception {
    byte[] stream = Filters.standard().get(Filters.BZIP2).encode(DATA, new int[] {9}).get();
    try (URLClassLoader withLibrary = loader(true)) {
      assertArrayEquals(DATA, (byte[]) decode(withLibrary, stream));
    }
  }

  /**
   * h5j's main classes and its required codec libraries (and, if asked, Commons Compress and
   * the library it needs) over the platform class loader, which sees none of the test's class
   * path.
   */
  private static URLClassLoader loader(boolean withCommonsCompress) throws Exception {
    List<URL> urls = new ArrayList<>(List.of(location(Bzip2Filter.class.getName()),
        location("io.airlift.compress.lz4.Lz4Decompressor"),
        location("com.ning.compress.lzf.impl.VanillaChunkEncoder")));
    if (withCommonsCompress) {
      urls.add(location(BZip2CompressorInputStream.class.getName()));
      urls.add(location("org.apache.commons.io.input.CloseShieldInputStream"));
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  /** The jar or directory the test's class path loads {@code className} from. */
  private static URL location(String className) throws ClassNotFoundException {
    return Class.forName(className).getProtectionDomain().getCodeSource().getLocation();
  }

  private static Object decode(ClassLoader loader, byte[] stream) throws Exception {
    Method decode = filterMethod(loader, "decode", byte[].class, int[].class, int.class);
    return decode.invoke(bzip2(loader), stream, new int[] {9}, DATA.length);
  }

  private static Object bzip2(ClassLoader loader) throws Exception {
    Class<?> filters = loader.loadClass(Filters.class.getName());
    assertEquals(loader, filters.getClassLoader(), "h5j must come from the test's loader");
    Object standard = filters.getMethod("standard").invoke(null);
    return filters.getMethod("get", int.class).invoke(standard, Filters.BZIP2);
  }

  private static Method filterMethod(ClassLoader loader, String name, Class<?>... types)
      throws Exception {
    return loader.loadClass(Filter.class.getName()).getMethod(name, types);
  }
}
