package io.h5j.format;

import java.nio.file.Path;
import java.util.List;

/**
 * What a structural check of one file found.
 *
 * @param file the file checked
 * @param problems the problems found, in the order found, at most the number asked for
 * @param problemCount how many problems were found in all (more than {@code problems} holds
 *     when the list was cut short)
 * @param objects object headers checked (groups, datasets, committed datatypes)
 * @param chunks chunk index entries checked
 * @param heapObjects global heap objects checked (variable-length values, references,
 *     virtual dataset mapping blocks)
 */
public record CheckReport(Path file, List<Problem> problems, long problemCount, long objects,
    long chunks, long heapObjects) {
  /**
   * Copies the list of problems.
   *
   * @param file the file checked
   * @param problems the problems found, in the order found
   * @param problemCount how many problems were found in all
   * @param objects object headers checked
   * @param chunks chunk index entries checked
   * @param heapObjects global heap objects checked
   */
  public CheckReport {
    problems = List.copyOf(problems);
  }

  /**
   * Whether no problem was found.
   *
   * @return true when {@code problemCount} is 0
   */
  public boolean clean() {
    return problemCount == 0;
  }

  /** One line per problem kept, then a count of those left out, if any. */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder();
    s.append(file).append(": ").append(clean() ? "no problems" : problemCount + " problems")
        .append(" (").append(objects).append(" objects, ").append(chunks).append(" chunks, ")
        .append(heapObjects).append(" heap objects checked)");
    for (Problem p : problems) {
      s.append('\n').append("  ").append(p);
    }
    if (problemCount > problems.size()) {
      s.append('\n').append("  ... and ").append(problemCount - problems.size())
          .append(" more");
    }
    return s.toString();
  }
}
