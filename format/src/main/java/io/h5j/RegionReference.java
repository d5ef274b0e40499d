package io.h5j;

import io.h5j.raw.StoredSelection;

/**
 * A dataset region reference of the old kind ({@code H5R_DATASET_REGION}, h5py's
 * {@code regionref}), decoded by {@link H5File#region}: a dataset and a selection of its
 * elements. {@link H5File#dereference(RegionReference)} gives the dataset.
 *
 * @param address the object header address of the dataset
 * @param selection the region selected, as stored (its extent is the dataset's dataspace)
 */
public record RegionReference(long address, StoredSelection selection) {}
