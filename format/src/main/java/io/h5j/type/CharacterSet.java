package io.h5j.type;

/** Character set of a string type. */
public enum CharacterSet {
  /** 7-bit ASCII. */
  ASCII,
  /** UTF-8. */
  UTF8
}
