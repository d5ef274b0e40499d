package io.h5j.format.message;

/** Header message type numbers (spec section IV.A.2). */
public final class MessageType {
  private MessageType() {}

  public static final int NIL = 0x00;
  public static final int DATASPACE = 0x01;
  public static final int LINK_INFO = 0x02;
  public static final int DATATYPE = 0x03;
  public static final int FILL_VALUE_OLD = 0x04;
  public static final int FILL_VALUE = 0x05;
  public static final int LINK = 0x06;
  public static final int EXTERNAL_FILES = 0x07;
  public static final int LAYOUT = 0x08;
  public static final int BOGUS = 0x09;
  public static final int GROUP_INFO = 0x0A;
  public static final int FILTER_PIPELINE = 0x0B;
  public static final int ATTRIBUTE = 0x0C;
  public static final int COMMENT = 0x0D;
  public static final int MODIFICATION_TIME_OLD = 0x0E;
  public static final int SHARED_MESSAGE_TABLE = 0x0F;
  public static final int CONTINUATION = 0x10;
  public static final int SYMBOL_TABLE = 0x11;
  public static final int MODIFICATION_TIME = 0x12;
  public static final int BTREE_K = 0x13;
  public static final int DRIVER_INFO = 0x14;
  public static final int ATTRIBUTE_INFO = 0x15;
  public static final int REFERENCE_COUNT = 0x16;
  public static final int FILE_SPACE_INFO = 0x17;
  /** Superblock extension: where libhdf5 (1.10+) left an image of its metadata cache. */
  public static final int METADATA_CACHE_IMAGE = 0x18;
}
