package io.h5j;

import io.h5j.format.dataset.StorageKind;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.LayoutMessage;
import org.jspecify.annotations.Nullable;

/**
 * A dataset's storage properties as its header stores them, as {@link
 * Dataset#storageProperties()} reads them: where a contiguous dataset's elements lie, and
 * the fill value's state with the times libhdf5 allocates and fills storage (what
 * {@code H5Pget_alloc_time}, {@code H5Pget_fill_time} and {@code H5Pfill_value_defined} report).
 *
 * @param address the position in the file (counted from its first byte, user block
 *     included, as {@code H5Dget_offset} counts) of a contiguous dataset's elements, or {@link
 *     #UNDEFINED_ADDRESS} when they are not allocated yet or the dataset is not contiguous
 * @param allocationTime when libhdf5 allocates the dataset's storage
 * @param fillTime when libhdf5 writes the fill value into newly allocated storage
 * @param fillValue whether the fill value is undefined, the default (zeros) or set by the user
 *     ({@link Dataset#fillValueBytes()} gives a user-defined one's bytes)
 */
public record StorageProperties(long address, AllocationTime allocationTime, FillTime fillTime,
    FillValueState fillValue) {
  /** libhdf5's undefined address (all ones): no storage allocated. */
  public static final long UNDEFINED_ADDRESS = -1L;

  /** When storage is allocated, as {@code H5D_alloc_time_t}. */
  public enum AllocationTime {
    /** When the dataset is created. */
    EARLY,
    /** When data is first written. */
    LATE,
    /** Chunk by chunk, as each is first written. */
    INCREMENTAL
  }

  /** When the fill value is written into allocated storage, as {@code H5D_fill_time_t}. */
  public enum FillTime {
    /** Always, on allocation. */
    ALLOC,
    /** Never. */
    NEVER,
    /** On allocation, if the user set a fill value. */
    IFSET
  }

  /** Whether a fill value is defined, as {@code H5D_fill_value_t}. */
  public enum FillValueState {
    /** No fill value: unwritten elements are left as they are. */
    UNDEFINED,
    /** libhdf5's default fill value, zeros. */
    DEFAULT,
    /** A fill value the writer set. */
    USER_DEFINED
  }

  /**
   * Checks the enums are given.
   *
   * @param address the contiguous data address or {@link #UNDEFINED_ADDRESS}
   * @param allocationTime not null
   * @param fillTime not null
   * @param fillValue not null
   */
  public StorageProperties {
    if (allocationTime == null || fillTime == null || fillValue == null) {
      throw new IllegalArgumentException("allocation time, fill time and fill value state"
          + " must not be null");
    }
  }

  /**
   * The properties of a dataset of storage {@code kind} and layout {@code layout}, with the
   * times of its fill value message {@code fill} (null when it has none, or only the old
   * one) and the fill value's {@code state}. Without a new message libhdf5 takes the default
   * times of the layout: early for compact, late for contiguous, incremental for chunked and
   * virtual, fill if set. {@code base}: the file position stored addresses count from.
   */
  static StorageProperties of(StorageKind kind, LayoutMessage layout,
      @Nullable FillValueMessage fill, FillValueState state, long base) {
    long address = layout instanceof LayoutMessage.Contiguous c && kind == StorageKind.CONTIGUOUS
        && c.address() != UNDEFINED_ADDRESS ? c.address() + base : UNDEFINED_ADDRESS;
    AllocationTime alloc;
    FillTime time;
    if (fill != null && fill.allocationTime() >= 1 && fill.allocationTime() <= 3) {
      alloc = AllocationTime.values()[fill.allocationTime() - 1];
    } else {
      alloc = switch (kind) {
        case COMPACT -> AllocationTime.EARLY;
        case CONTIGUOUS, EXTERNAL -> AllocationTime.LATE;
        default -> AllocationTime.INCREMENTAL;
      };
    }
    time = fill != null && fill.writeTime() >= 0 && fill.writeTime() <= 2
        ? FillTime.values()[fill.writeTime()] : FillTime.IFSET;
    return new StorageProperties(address, alloc, time, state);
  }
}
