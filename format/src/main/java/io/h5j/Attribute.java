package io.h5j;

import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;

/**
 * One attribute, decoded.
 *
 * @param value a scalar attribute's single element (e.g. {@code Long}, {@code Double},
 *     {@code String}); otherwise a flat Java array in C order; null for a null dataspace
 */
public record Attribute(String name, Datatype datatype, Dataspace dataspace, Object value) {}
