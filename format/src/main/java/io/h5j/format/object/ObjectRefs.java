package io.h5j.format.object;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Map;

/**
 * The one {@link ObjectRef} of each object of a writable file that some handle still holds,
 * by current address, so that moving a header moves every handle of it. Held weakly: a walk
 * over many objects keeps none of them.
 */
final class ObjectRefs {
  private static final class Entry extends WeakReference<ObjectRef> {
    long address;

    Entry(ObjectRef ref, ReferenceQueue<ObjectRef> queue) {
      super(ref, queue);
      this.address = ref.address();
    }
  }

  private final Map<Long, Entry> byAddress = new HashMap<>();
  private final ReferenceQueue<ObjectRef> dropped = new ReferenceQueue<>();

  synchronized ObjectRef intern(long address) {
    purge();
    Entry e = byAddress.get(address);
    ObjectRef ref = e == null ? null : e.get();
    if (ref == null) {
      ref = new ObjectRef(address);
      byAddress.put(address, new Entry(ref, dropped));
    }
    return ref;
  }

  /** Points every handle of the object at {@code from} to {@code to}. */
  synchronized void move(long from, long to) {
    purge();
    Entry e = byAddress.remove(from);
    ObjectRef ref = e == null ? null : e.get();
    if (ref != null) {
      ref.moveTo(to);
      e.address = to;
      byAddress.put(to, e); // a handle of something that was at `to` before is stale anyway
    }
  }

  private void purge() {
    for (Object r; (r = dropped.poll()) != null; ) {
      Entry e = (Entry) r;
      byAddress.remove(e.address, e);
    }
  }
}
