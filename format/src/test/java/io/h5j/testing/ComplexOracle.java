package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * libhdf5 2.0 (h5py 3.16) on HDF5 2.0's complex number class, through the script
 * {@code h5py2_complex.py} beside this class: it writes a file of complex datasets,
 * attributes, compound members, arrays and a committed type, and it reports every complex
 * value libhdf5 reads from a file.
 */
public final class ComplexOracle {
  private ComplexOracle() {}

  /** The script's text. */
  static String script() {
    try (InputStream in = ComplexOracle.class.getResourceAsStream("h5py2_complex.py")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Has libhdf5 2.0 write the script's complex file at {@code file}. */
  public static void write(Path file) throws IOException {
    run("write", file);
  }

  /**
   * What libhdf5 2.0 reads from {@code file}, by path ({@code /ds}, {@code /ds@attribute},
   * {@code /ds.member}, {@code /ds[]} for an array's elements): "CLASS|BYTES|PARTS", PARTS
   * the hex of each real and imaginary part in C order.
   */
  public static Map<String, String> read(Path file) throws IOException {
    Map<String, String> out = new TreeMap<>();
    for (String line : run("read", file).split("\n")) {
      if (!line.isBlank()) {
        int bar = line.indexOf('|');
        out.put(line.substring(0, bar), line.substring(bar + 1));
      }
    }
    return out;
  }

  /** The parts of a {@link #read} entry as doubles ({@code nan}, {@code inf} included). */
  public static double[] parts(String entry) {
    String[] f = entry.split("\\|", -1);
    if (f[2].isEmpty()) {
      return new double[0];
    }
    String[] hex = f[2].split(" ");
    double[] out = new double[hex.length];
    for (int i = 0; i < hex.length; i++) {
      out[i] = switch (hex[i]) {
        case "nan" -> Double.NaN;
        case "inf" -> Double.POSITIVE_INFINITY;
        case "-inf" -> Double.NEGATIVE_INFINITY;
        default -> Double.parseDouble(hex[i]);
      };
    }
    return out;
  }

  private static String run(String mode, Path file) throws IOException {
    Oracles.requireHdf5v2();
    Oracles.Run r = Oracles.runPython(Oracles.hdf5v2Python(), script(),
        List.of(mode, file.toString()));
    assertEquals(0, r.exitCode(), "h5py2_complex.py " + mode + " " + file + ":\n" + r.stderr()
        + r.stdout());
    return r.stdout();
  }
}
