package io.h5j.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fields of the one-line JSON objects the Python sides and helper JVMs print. The benchmarks
 * module has no JSON library; these lines are flat (numbers, strings, lists of numbers).
 */
final class JsonLine {
  private JsonLine() {}

  /** A number field, as a double. */
  static double number(String json, String key) {
    return Double.parseDouble(text(json, key));
  }

  /** A number or string field, as its text. */
  static String text(String json, String key) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\":\\s*\"?([^\",}\\]]*)")
        .matcher(json);
    if (!m.find()) {
      throw new IllegalStateException("no field " + key + " in " + json);
    }
    return m.group(1).trim();
  }

  /** An integer field, exactly (a double would round beyond 2^53). */
  static long integer(String json, String key) {
    return Long.parseLong(text(json, key));
  }

  /** A list-of-integers field, exactly. */
  static List<Long> integers(String json, String key) {
    List<Long> out = new ArrayList<>();
    for (String s : list(json, key)) {
      out.add(Long.parseLong(s));
    }
    return out;
  }

  /** A list-of-numbers field. */
  static List<Double> numbers(String json, String key) {
    List<Double> out = new ArrayList<>();
    for (String s : list(json, key)) {
      out.add(Double.parseDouble(s));
    }
    return out;
  }

  private static List<String> list(String json, String key) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\":\\s*\\[([^\\]]*)\\]")
        .matcher(json);
    if (!m.find()) {
      throw new IllegalStateException("no list " + key + " in " + json);
    }
    List<String> out = new ArrayList<>();
    for (String s : m.group(1).split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }
}
