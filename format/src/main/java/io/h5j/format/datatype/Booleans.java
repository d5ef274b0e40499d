package io.h5j.format.datatype;

import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.EnumType;
import java.util.List;

/**
 * Booleans as h5py stores numpy's {@code bool}: an enum of int8 with {@code FALSE = 0} and
 * {@code TRUE = 1}. Elements of exactly that enum read as {@code boolean[]}, and
 * {@code boolean[]} writes as it.
 */
public final class Booleans {
  private Booleans() {}

  /** The datatype h5py gives numpy's bool. */
  public static final EnumType TYPE = new EnumType(Datatypes.INT8, List.of("FALSE", "TRUE"),
      List.of(0L, 1L));

  /** Whether {@code t} is h5py's boolean enum (members in either order, any byte order). */
  public static boolean is(Datatype t) {
    if (!(t instanceof EnumType e) || e.size() != 1 || e.names().size() != 2) {
      return false;
    }
    int f = e.names().indexOf("FALSE");
    int tr = e.names().indexOf("TRUE");
    return f >= 0 && tr >= 0 && e.values().get(f) == 0 && e.values().get(tr) == 1;
  }

  /** Stored bytes (0 or 1; anything else but 0 reads as true, as numpy casts) as booleans. */
  public static boolean[] of(byte[] stored) {
    boolean[] out = new boolean[stored.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = stored[i] != 0;
    }
    return out;
  }

  /** Booleans as the int8 values 0 and 1 the enum stores. */
  public static byte[] bytes(boolean[] values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) (values[i] ? 1 : 0);
    }
    return out;
  }
}
