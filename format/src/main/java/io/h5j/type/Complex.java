package io.h5j.type;

/**
 * One complex number, as h5j reads and writes elements of a
 * {@link ComplexType}. Both parts are doubles whatever the stored part type: a complex64's
 * float parts convert exactly, and writing rounds each part to the stored type (nearest,
 * ties to even; overflow gives infinity), as storing a double in a float does.
 *
 * @param re the real part
 * @param im the imaginary part
 */
public record Complex(double re, double im) {

  /** {@code re + im·i}, e.g. {@code "1.5+2.0i"}, {@code "1.0-0.5i"}, {@code "NaN+1.0i"}. */
  @Override
  public String toString() {
    String i = Double.toString(im);
    return re + (i.startsWith("-") ? i : "+" + i) + "i";
  }
}
