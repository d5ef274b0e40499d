package io.h5j;

import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import org.jspecify.annotations.Nullable;

/**
 * One attribute, decoded.
 *
 * @param name the attribute's name, as stored
 * @param datatype the type of its elements, as stored
 * @param dataspace its shape: scalar, null or simple
 * @param value a scalar attribute's single element (e.g. {@code Long}, {@code Double},
 *     {@code String}); otherwise a flat Java array in C order; null for a null dataspace
 */
public record Attribute(String name, Datatype datatype, Dataspace dataspace,
    @Nullable Object value) {}
