package io.h5j.cli;

import java.io.StringWriter;
import java.lang.reflect.Array;

/**
 * Values read by h5j as one string of text or JSON, in the dump's dialects
 * ({@link ElementFormat}), for commands that print a few values at once.
 */
final class ValueFormatter {
  private final ElementFormat format;

  ValueFormatter(boolean json) {
    this.format = json ? ElementFormat.JSON : ElementFormat.TEXT;
  }

  /** A flat C-order array shown with the nesting of {@code shape} (empty shape: scalar). */
  String shaped(Object flat, long[] shape) {
    return text(out -> {
      NestedArrayWriter nested = new NestedArrayWriter(out, format, shape, null);
      nested.begin();
      nested.write(flat, Array.getLength(flat));
    });
  }

  private static String text(java.util.function.Consumer<DumpOutput> write) {
    StringWriter s = new StringWriter();
    DumpOutput out = new DumpOutput(s);
    write.accept(out);
    out.flush();
    return s.toString();
  }
}
