package io.h5j.versioning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run of the graph fuzzer did: graphs, steps by actor and kind, crashes injected by
 * mode and the state each left (before or after the step), checks made, failures. Added up
 * over graphs and printed, and appended to {@code target/graph-fuzz-report.txt}.
 */
final class FuzzCounts {
  private final Map<String, Long> counts = new TreeMap<>();

  synchronized void add(String what, long n) {
    counts.merge(what, n, Long::sum);
  }

  void add(String what) {
    add(what, 1);
  }

  synchronized long get(String what) {
    return counts.getOrDefault(what, 0L);
  }

  synchronized void addAll(FuzzCounts other) {
    other.counts.forEach(this::add);
  }

  @Override
  public synchronized String toString() {
    StringBuilder b = new StringBuilder();
    counts.forEach((k, v) -> b.append(String.format("  %-40s %8d%n", k, v)));
    return b.toString();
  }

  /** Prints the counts under {@code title} and appends them to the report file. */
  void publish(String title) throws IOException {
    String text = title + "\n" + this;
    System.out.println(text);
    Path report = Path.of("target", "graph-fuzz-report.txt");
    Files.createDirectories(report.getParent());
    Files.writeString(report, text + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }
}
