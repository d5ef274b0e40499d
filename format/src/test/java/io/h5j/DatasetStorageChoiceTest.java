package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.format.dataset.DatasetStorage;
import io.h5j.format.dataset.StoredDataset;
import io.h5j.testing.Fixtures;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The engine chooses each dataset's storage from its layout once, as h5py's files declare
 * it, and keeps the choice while the header is unchanged.
 */
class DatasetStorageChoiceTest {
  @Test
  void eachLayoutGetsItsOwnStorageOnce() throws Exception {
    String name = "layouts_latest.h5";
    Map<String, String> byLayout = Map.of("compact", "CompactStorage",
        "contiguous", "ContiguousStorage", "chunked", "ChunkedStorage",
        "virtual", "VirtualStorage");
    int checked = 0;
    try (H5File h = H5File.open(Fixtures.file(name))) {
      for (Iterator<Map.Entry<String, JsonNode>> it = Fixtures.objects(name).fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> o = it.next();
        if (!"dataset".equals(o.getValue().path("kind").asText())) {
          continue;
        }
        String layout = o.getValue().get("layout").asText();
        StoredDataset d = StoredDataset.at(h.engine(), o.getKey(),
            h.dataset(o.getKey()).address());
        DatasetStorage s = d.storage();
        assertEquals(byLayout.get(layout), s.getClass().getSimpleName(), o.getKey());
        assertEquals(layout.toUpperCase(java.util.Locale.ROOT), s.layoutName(), o.getKey());
        assertSame(s, d.storage(), o.getKey() + ": chosen once");
        checked++;
      }
    }
    assertEquals(26, checked, "datasets of " + name);
  }
}
