package io.h5j;

import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.Hyperslab;
import io.h5j.raw.StoredSelection;

/** The public {@link StoredSelection} of an engine {@link EncodedSelection}. */
final class StoredSelections {
  private static final StoredSelection.None NONE = new StoredSelection.None();
  private static final StoredSelection.All ALL = new StoredSelection.All();

  private StoredSelections() {}

  static StoredSelection of(EncodedSelection s) {
    if (s instanceof EncodedSelection.None) {
      return NONE;
    }
    if (s instanceof EncodedSelection.All) {
      return ALL;
    }
    if (s instanceof EncodedSelection.Points p) {
      int rank = p.rank();
      long[] coords = new long[p.count() * rank];
      for (int i = 0; i < p.count(); i++) {
        for (int d = 0; d < rank; d++) {
          coords[i * rank + d] = p.coord(i, d);
        }
      }
      return new StoredSelection.Points(rank, coords);
    }
    if (s instanceof EncodedSelection.Regular r) {
      Hyperslab h = r.slab(); // both mark unlimited with Long.MAX_VALUE
      return new StoredSelection.Hyperslab(h.start(), h.stride(), h.count(), h.block());
    }
    EncodedSelection.Irregular i = (EncodedSelection.Irregular) s;
    return new StoredSelection.Blocks(i.rank(), i.start(), i.end());
  }
}
