package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.StringJoiner;
import java.util.function.Consumer;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** The fast paths against the JDK's own number formatting. */
class ElementFormatTest {
  private static String written(Consumer<DumpOutput> write) {
    StringWriter s = new StringWriter();
    DumpOutput out = new DumpOutput(s);
    write.accept(out);
    out.flush();
    return s.toString();
  }

  @Property(tries = 300)
  void longsAreTheirDecimalDigits(@ForAll long v) {
    assertEquals(Long.toString(v), written(out -> out.append(v)));
  }

  @Example
  void extremesAreTheirDecimalDigits() {
    for (long v : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 9, 10, 999_999_999_999L}) {
      assertEquals(Long.toString(v), written(out -> out.append(v)));
    }
  }

  /** Every int8 value, in both dialects, in runs long enough to fill the buffer many times. */
  @Example
  void int8RunsAreTheValuesSeparated() {
    byte[] values = new byte[70_000 * 3];
    for (int i = 0; i < values.length; i++) {
      values[i] = (byte) (i * 7);
    }
    for (ElementFormat f : new ElementFormat[] {ElementFormat.TEXT, ElementFormat.JSON}) {
      StringJoiner expected = new StringJoiner(new String(f.separator()));
      for (byte v : values) {
        expected.add(Byte.toString(v));
      }
      assertEquals(expected.toString(),
          written(out -> f.run(out, values, 0, values.length, null)));
      assertEquals("-128", written(out -> f.run(out, new byte[] {1, -128, 3}, 1, 1, null)));
    }
  }

  @Property(tries = 100)
  void intRunsAreTheValuesSeparated(@ForAll int[] values) {
    StringJoiner expected = new StringJoiner(", ");
    for (int v : values) {
      expected.add(Integer.toString(v));
    }
    assertEquals(expected.toString(),
        written(out -> ElementFormat.TEXT.run(out, values, 0, values.length, null)));
  }
}
