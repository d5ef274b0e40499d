package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Link#NAME_ORDER} lists a group as h5ls (libhdf5 1.10) does. */
@OracleTest
class LinkNameOrderTest {
  @TempDir Path dir;

  @Test
  void ordersLinksAsH5lsLists() throws IOException {
    Oracles.requireH5dump();
    Path file = dir.resolve("order.h5");
    // U+1F600 sorts before U+FF5A in UTF-16 (a surrogate pair), after it in UTF-8, as h5ls has it
    List<String> names = List.of("b", "é", "\uD83D\uDE00", "B", "a10", "_x", "a9", "Z", "a", "ä",
        "\uFF5A", "1");
    List<String> ours = new ArrayList<>();
    try (H5File f = H5File.create(file)) {
      for (String n : names) {
        f.root().createGroup(n);
      }
      List<Link> links = new ArrayList<>(f.root().links());
      links.sort(Link.NAME_ORDER);
      links.forEach(l -> ours.add(l.name()));
    }
    Oracles.Run r = Oracles.run(List.of("h5ls", file.toString()));
    assertEquals(0, r.exitCode(), r.stderr());
    List<String> h5ls = new ArrayList<>();
    for (String line : r.stdout().split("\n")) {
      if (!line.isBlank()) {
        h5ls.add(unescape(line.substring(0, line.lastIndexOf(" Group")).trim()));
      }
    }
    assertEquals(h5ls, ours);
    assertEquals(List.of("1", "B", "Z", "_x", "a", "a10", "a9", "b", "ä", "é", "\uFF5A",
        "\uD83D\uDE00"), ours);
  }

  /** h5ls writes bytes outside ASCII as octal escapes ({@code \303\251}). */
  private static String unescape(String s) {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == '\\' && i + 3 < s.length()) {
        b.write(Integer.parseInt(s.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        b.write(s.charAt(i));
      }
    }
    return b.toString(java.nio.charset.StandardCharsets.UTF_8);
  }
}
