package io.h5j.type;

/** How a string shorter than its storage is filled (string and variable-length string). */
public enum StringPadding {
  /** A NUL ends the string; the reader stops at the first NUL. */
  NULLTERM,
  /** Padded with NULs; the reader strips trailing NULs. */
  NULLPAD,
  /** Padded with spaces (Fortran); the reader strips trailing spaces. */
  SPACEPAD
}
