package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * C's {@code %g}, {@code %.10g} and {@code %f} as {@link CNumbers} writes them, against
 * Python's {@code %} operator, which formats as C does (from the exact binary value).
 */
@OracleTest
class CNumbersTest {
  @Test
  void formatsAsCDoes() throws Exception {
    Random random = new Random(17);
    List<Double> values = new ArrayList<>(List.of(0.0, -0.0, 1.0, 0.5, 1e10, 1.0000001e10,
        123456.5, 1234565.0, 999999.5, 0.0001, 0.00001, 9.9999995e-5, 2.5, 3.5, -1.25, 1e-300,
        1.1920928955078125e-07, 922337203685477580.8, Double.MAX_VALUE, Double.MIN_VALUE));
    for (int i = 0; i < 400; i++) {
      double mantissa = random.nextDouble() * (random.nextBoolean() ? 1 : -1);
      values.add(mantissa * Math.pow(10, random.nextInt(40) - 20));
      values.add(Math.round(random.nextDouble() * 2e6) / 2.0); // ties of %g's rounding
    }
    StringBuilder args = new StringBuilder();
    for (double v : values) {
      args.append(Double.toString(v)).append(' ');
    }
    String python = Oracles.python("import sys\n"
        + "for a in sys.argv[1:]:\n"
        + "    v = float(a)\n"
        + "    print('%g|%.10g|%f' % (v, v, v))", args.toString().trim().split(" "));
    String[] lines = python.split("\n");
    for (int i = 0; i < values.size(); i++) {
      double v = values.get(i);
      assertEquals(lines[i], CNumbers.g(v) + "|" + CNumbers.g(v, 10) + "|" + CNumbers.f(v),
          "the double " + v);
    }
  }

  /** Edge values against what glibc's {@code printf("%g")} prints. */
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
