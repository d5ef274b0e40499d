package io.h5j.conformance.readme;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code ```java} block of a Markdown file: the body of a {@code main} that throws
 * {@code Exception}, its imports at the top. A block fenced {@code ```java no-run} is compiled
 * but not run.
 *
 * @param firstLine the Markdown file's line number (1-based) of the block's first code line
 * @param code the block's lines, without the fences
 * @param runs false for a {@code no-run} block
 */
public record JavaBlock(int firstLine, List<String> code, boolean runs) {
  private static final Pattern OPEN = Pattern.compile("```java(\\s+no-run)?\\s*");
  /** A print statement with a trailing comment: the comment is the line it prints. */
  private static final Pattern PRINTS =
      Pattern.compile(".*System\\.out\\.println\\(.*\\);\\s*//\\s*(.+?)\\s*");

  public JavaBlock {
    code = List.copyOf(code);
  }

  /** Every java block of {@code markdown}, in order; an unclosed block is an error. */
  public static List<JavaBlock> parse(String markdown) {
    String[] lines = markdown.split("\n", -1);
    List<JavaBlock> blocks = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      Matcher open = OPEN.matcher(lines[i]);
      if (!open.matches()) {
        continue;
      }
      int start = i + 1;
      int end = start;
      while (end < lines.length && !lines[end].startsWith("```")) {
        end++;
      }
      if (end == lines.length) {
        throw new IllegalArgumentException("java block at line " + (i + 1) + " is not closed");
      }
      blocks.add(new JavaBlock(start + 1, List.of(lines).subList(start, end), open.group(1) == null));
      i = end;
    }
    return blocks;
  }

  /**
   * The block as a compilation unit: class {@code className} in package {@code packageName}
   * whose {@code main} holds the block's statements. The package declaration shares the first
   * line and the class header the line of the first statement, so line {@code n} of the unit
   * is line {@code n} of the block.
   */
  public String compilationUnit(String packageName, String className) {
    StringBuilder out = new StringBuilder("package ").append(packageName).append("; ");
    boolean opened = false;
    for (String line : code) {
      String t = line.trim();
      if (!opened && !t.isEmpty() && !t.startsWith("import ") && !t.startsWith("//")) {
        out.append("public class ").append(className)
            .append(" { public static void main(String[] args) throws Exception { ");
        opened = true;
      }
      out.append(line).append('\n');
    }
    if (!opened) {
      throw new IllegalArgumentException("java block at line " + firstLine + " has no statement");
    }
    return out.append("}}\n").toString();
  }

  /** The Markdown line of line {@code n} (1-based) of {@link #compilationUnit}. */
  public long markdownLine(long n) {
    return firstLine + n - 1;
  }

  /** The lines the block's commented print statements say they print, in order. */
  public List<String> promisedOutput() {
    List<String> out = new ArrayList<>();
    for (String line : code) {
      Matcher m = PRINTS.matcher(line);
      if (m.matches()) {
        out.add(m.group(1));
      }
    }
    return out;
  }
}
