package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link CNumbers#g} against what C's {@code printf("%g")} prints (taken from glibc). */
class CNumbersTest {
  @Test
  void printsAsCPrintfG() {
    double[] values = {0.0, -0.0, 1.0, 0.1, 1.0 / 3, 2.5e-5, 1e-4, 0.0001234565, 123456.5,
        1234567.0, -1e10, 1e100, 5e-324, Double.MAX_VALUE, 0.15625, 100000.0, 999999.5,
        Math.pow(2, -10), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
    String[] c = {"0", "-0", "1", "0.1", "0.333333", "2.5e-05", "0.0001", "0.000123457",
        "123456", "1.23457e+06", "-1e+10", "1e+100", "4.94066e-324", "1.79769e+308", "0.15625",
        "100000", "1e+06", "0.000976562", "inf", "-inf", "nan"};
    for (int i = 0; i < values.length; i++) {
      assertEquals(c[i], CNumbers.g(values[i]), "%g of " + values[i]);
    }
  }
}
