package io.h5j.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.nio.file.Path;
import java.util.TreeMap;

/**
 * libhdf5 1.10.8 (h5py 3.7's low-level API) on integers wider than 8 bytes and floats wider
 * than 16, through the script {@code wide_numbers.py} beside this class: it writes such
 * datasets, and reports each dataset's type as libhdf5 describes it, its stored bytes and its
 * values (integers from the bytes, floats as libhdf5 converts them to doubles).
 */
public final class WideNumbersOracle {
  private WideNumbersOracle() {}

  private static String script() {
    try (InputStream in = WideNumbersOracle.class.getResourceAsStream("wide_numbers.py")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Has libhdf5 write the script's datasets at {@code file}. */
  public static void write(Path file) throws IOException {
    Oracles.python(script(), "write", file.toString());
  }

  /**
   * What libhdf5 reads from {@code file}, by dataset path (attributes as PATH@NAME): "TYPE|RAW
   * HEX|VALUES", VALUES decimal integers or the hex of doubles (nan, inf as such), spaced.
   */
  public static Map<String, String> read(Path file) throws IOException {
    Map<String, String> out = new TreeMap<>();
    for (String line : Oracles.python(script(), "read", file.toString()).split("\n")) {
      if (!line.isBlank()) {
        int bar = line.indexOf('|');
        out.put(line.substring(0, bar), line.substring(bar + 1));
      }
    }
    return out;
  }

  /** The VALUES of a {@link #read} entry. */
  public static String[] values(String entry) {
    return entry.split("\\|", -1)[2].split(" ");
  }

  /** A value of a float entry as a double. */
  public static double toDouble(String hex) {
    return switch (hex) {
      case "nan" -> Double.NaN;
      case "inf" -> Double.POSITIVE_INFINITY;
      case "-inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(hex);
    };
  }
}
