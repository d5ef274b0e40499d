package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.dataset.Values;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class ValuesRepeatTest {
  /** Every element of the result is the fill value, whatever the count and element size. */
  @Property(tries = 300)
  void everyElementIsTheFill(@ForAll @Size(min = 1, max = 17) byte[] fill,
      @ForAll @IntRange(min = 0, max = 3000) int count) {
    byte[] out = Values.repeat(fill, count, fill.length);
    assertEquals(count * fill.length, out.length);
    for (int i = 0; i < count; i++) {
      assertArrayEquals(fill, Arrays.copyOfRange(out, i * fill.length, (i + 1) * fill.length),
          "element " + i);
    }
  }

  @Property(tries = 20)
  void noFillGivesZeros(@ForAll @IntRange(min = 0, max = 100) int count) {
    assertArrayEquals(new byte[count * 4], Values.repeat(null, count, 4));
  }
}
