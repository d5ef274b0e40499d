package io.h5j.cli;

import io.h5j.Attribute;
import io.h5j.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * The attributes of one object as a dump reads them: each one's value, or why it could not be
 * read, so that one bad attribute costs only itself. {@code unlisted} is set when not even
 * the names could be read.
 */
record DumpAttributes(List<Entry> entries, ReadFailure unlisted) {
  /** One attribute: its value, or the failure to read it. */
  record Entry(String name, Attribute attribute, ReadFailure failure) {}

  static DumpAttributes of(Node n) {
    List<Entry> entries = new ArrayList<>();
    try {
      for (Attribute a : n.attributes().all().values()) {
        entries.add(new Entry(a.name(), a, null));
      }
      return new DumpAttributes(entries, null);
    } catch (Exception all) {
      // one by one, to tell the readable ones from the others
    }
    List<String> names;
    try {
      names = n.attributes().names();
    } catch (Exception e) {
      return new DumpAttributes(List.of(), ReadFailure.of(e));
    }
    for (String name : names) {
      try {
        entries.add(new Entry(name, n.attributes().attribute(name), null));
      } catch (Exception e) {
        entries.add(new Entry(name, null, ReadFailure.of(e)));
      }
    }
    return new DumpAttributes(entries, null);
  }
}
