package io.h5j.format.object;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.type.Datatypes;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import io.h5j.type.Dataspace;
import io.h5j.format.message.ExternalFileList;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.GroupInfoMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.ModificationTimeMessage;
import io.h5j.format.message.RawMessage;
import io.h5j.format.message.ReferenceCountMessage;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageClassesTest {
  private static final FileParams P = FileParams.DEFAULT;
  private static final long OWNER = 96;

  /** A copier that moves everything by a known distance and records what it was asked. */
  private static final class ShiftingCopy implements FileCopy {
    final List<String> asked = new ArrayList<>();
    byte[] sharedBody;

    @Override
    public FileParams source() {
      return P;
    }

    @Override
    public FileParams target() {
      return P;
    }

    @Override
    public byte[] sharedBody(StoredMessage m, long owner) {
      asked.add("shared " + m.type());
      return sharedBody;
    }

    @Override
    public long committedDatatype(long address) {
      asked.add("datatype " + address);
      return address + 5000;
    }

    @Override
    public long contiguousData(long address, long size) {
      asked.add("contiguous " + address + " " + size);
      return address + 1000;
    }

    @Override
    public LayoutMessage.Chunked chunkedData(LayoutMessage.Chunked c) {
      asked.add("chunks " + c.indexAddress());
      return new LayoutMessage.Chunked(c.version(), c.flags(), c.chunkDims(), c.elementSize(),
          c.indexType(), c.indexInfo(), c.indexAddress() + 2000);
    }

    @Override
    public GlobalHeapId mappingBlock(long collection, int index) {
      asked.add("block " + collection + " " + index);
      return new GlobalHeapId(collection + 3000, 1);
    }

    @Override
    public CopiedStrings localHeapStrings(long heap, long[] offsets) {
      asked.add("names " + heap + " " + offsets.length);
      long[] moved = offsets.clone();
      for (int i = 0; i < moved.length; i++) {
        moved[i] += 8;
      }
      return new CopiedStrings(heap + 4000, moved);
    }
  }

  @Test
  void everyTypeNumberTheCodeNamesHasAClass() throws IllegalAccessException {
    int count = 0;
    for (Field f : MessageType.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
        int type = f.getInt(null);
        MessageClass<?> c = MessageClasses.of(type);
        assertEquals(type, c.type(), f.getName());
        assertTrue(MessageClasses.all().contains(c), f.getName() + " is not registered");
        assertFalse(c.name().startsWith("unknown"), f.getName());
        count++;
      }
    }
    assertEquals(count, MessageClasses.all().size());
  }

  @Test
  void anUnknownTypeStaysRawAndIsCopiedUnchanged() throws Exception {
    MessageClass<?> c = MessageClasses.of(0x99);
    assertEquals("unknown message type 153", c.name());
    StoredMessage m = new StoredMessage(0x99, 1, 3, new byte[] {1, 2, 3});
    Object decoded = c.decode(new ByteReader(m.body(), OWNER, "test", P));
    assertArrayEquals(m.body(), ((RawMessage) decoded).body());
    assertSame(m, c.copyToFile(m, OWNER, new ShiftingCopy()));
  }

  @Test
  void decodeThenEncodeGivesTheSameBytesAndSize() throws Exception {
    roundTrip(MessageClasses.DATASPACE, Dataspace.simple(new long[] {3, 4},
        new long[] {Dataspace.UNLIMITED, 4}));
    roundTrip(MessageClasses.DATATYPE, Datatypes.FLOAT64);
    roundTrip(MessageClasses.FILL_VALUE, FillValueMessage.of(new byte[] {1, 2, 3, 4},
        FillValueMessage.ALLOC_LATE));
    roundTrip(MessageClasses.FILL_VALUE_OLD, FillValueMessage.of(new byte[] {5, 6},
        FillValueMessage.ALLOC_LATE));
    roundTrip(MessageClasses.LINK, LinkMessage.hard("a", 800));
    roundTrip(MessageClasses.LAYOUT, new LayoutMessage.Contiguous(4096, 80));
    roundTrip(MessageClasses.LAYOUT, new LayoutMessage.Virtual(4096, 2));
    roundTrip(MessageClasses.GROUP_INFO, GroupInfoMessage.DEFAULT);
    roundTrip(MessageClasses.MODIFICATION_TIME, new ModificationTimeMessage(1_700_000_000L));
    roundTrip(MessageClasses.REFERENCE_COUNT, new ReferenceCountMessage(3));
    roundTrip(MessageClasses.EXTERNAL_FILES, new ExternalFileList(512,
        List.of(new ExternalFileList.Slot(8, 0, 100))));
  }

  private static <T> void roundTrip(MessageClass<T> c, T message) throws H5FormatException {
    byte[] body = c.encode(message, P);
    assertEquals(body.length, c.size(message, P), c.name());
    T decoded = c.decode(new ByteReader(body, OWNER, "test", P));
    assertArrayEquals(body, c.encode(decoded, P), c.name());
  }

  @Test
  void theReferenceCountIsAVersionByteAndAU32() throws H5FormatException {
    assertArrayEquals(new byte[] {0, 7, 1, 0, 0},
        MessageClasses.REFERENCE_COUNT.encode(new ReferenceCountMessage(263), P));
    assertThrows(H5FormatException.class, () -> MessageClasses.REFERENCE_COUNT.decode(
        new ByteReader(new byte[] {1, 7, 0, 0, 0}, OWNER, "test", P)));
  }

  @Test
  void messagesNamingNothingAreCopiedAsTheyAre() throws Exception {
    StoredMessage m = new StoredMessage(MessageType.DATASPACE, 1, 4,
        MessageClasses.DATASPACE.encode(Dataspace.simple(5), P));
    ShiftingCopy copy = new ShiftingCopy();
    assertSame(m, MessageClasses.DATASPACE.copyToFile(m, OWNER, copy));
    assertEquals(List.of(), copy.asked);
  }

  @Test
  void structureMessagesAreLeftToTheObjectsCopier() throws Exception {
    for (MessageClass<?> c : List.of(MessageClasses.ATTRIBUTE, MessageClasses.ATTRIBUTE_INFO,
        MessageClasses.LINK, MessageClasses.LINK_INFO, MessageClasses.SYMBOL_TABLE,
        MessageClasses.CONTINUATION, MessageClasses.REFERENCE_COUNT, MessageClasses.NIL)) {
      assertTrue(c.rebuilt(), c.name());
      assertNull(c.copyToFile(StoredMessage.of(c.type(), new byte[8]), OWNER,
          new ShiftingCopy()), c.name());
    }
  }

  @Test
  void aLayoutNamesTheCopiedStorage() throws Exception {
    ShiftingCopy copy = new ShiftingCopy();
    StoredMessage contiguous = new StoredMessage(MessageType.LAYOUT, 1, 2,
        MessageClasses.LAYOUT.encode(new LayoutMessage.Contiguous(4096, 80), P));
    StoredMessage copied = MessageClasses.LAYOUT.copyToFile(contiguous, OWNER, copy);
    assertEquals(new LayoutMessage.Contiguous(5096, 80), decode(MessageClasses.LAYOUT, copied));
    assertEquals(1, copied.flags());
    assertEquals(-1, copied.creationOrder());

    StoredMessage virtual = StoredMessage.of(MessageType.LAYOUT,
        MessageClasses.LAYOUT.encode(new LayoutMessage.Virtual(640, 7), P));
    assertEquals(new LayoutMessage.Virtual(3640, 1), decode(MessageClasses.LAYOUT,
        MessageClasses.LAYOUT.copyToFile(virtual, OWNER, copy)));

    LayoutMessage.Chunked chunked = new LayoutMessage.Chunked(4, 0, new long[] {10}, 8, 1,
        new byte[0], 700);
    StoredMessage c = MessageClasses.LAYOUT.copyToFile(StoredMessage.of(MessageType.LAYOUT,
        MessageClasses.LAYOUT.encode(chunked, P)), OWNER, copy);
    assertEquals(2700, ((LayoutMessage.Chunked) decode(MessageClasses.LAYOUT, c))
        .indexAddress());

    StoredMessage compact = StoredMessage.of(MessageType.LAYOUT,
        MessageClasses.LAYOUT.encode(new LayoutMessage.Compact(new byte[] {9, 9}), P));
    assertArrayEquals(compact.body(),
        MessageClasses.LAYOUT.copyToFile(compact, OWNER, copy).body());
    assertEquals(List.of("contiguous 4096 80", "block 640 7", "chunks 700"), copy.asked);
  }

  @Test
  void aCommittedDatatypeNamesItsCopy() throws Exception {
    // a shared message of version 3 in an object header (location 2): the header's address
    byte[] body = new ByteWriter(P).u8(3).u8(2).offset(1234).toByteArray();
    StoredMessage m = new StoredMessage(MessageType.DATATYPE, StoredMessage.FLAG_SHARED
        | StoredMessage.FLAG_CONSTANT, 5, body);
    ShiftingCopy copy = new ShiftingCopy();
    StoredMessage copied = MessageClasses.DATATYPE.copyToFile(m, OWNER, copy);
    ByteReader r = new ByteReader(copied.body(), 0, "test", P);
    assertEquals(3, r.u8());
    assertEquals(2, r.u8());
    assertEquals(6234, r.offset());
    assertEquals(m.flags(), copied.flags());
    assertEquals(List.of("datatype 1234"), copy.asked);
  }

  @Test
  void anotherSharedMessageIsStoredInFull() throws Exception {
    byte[] space = MessageClasses.DATASPACE.encode(Dataspace.simple(6), P);
    ShiftingCopy copy = new ShiftingCopy();
    copy.sharedBody = space;
    StoredMessage m = new StoredMessage(MessageType.DATASPACE, StoredMessage.FLAG_SHARED
        | StoredMessage.FLAG_SHAREABLE | StoredMessage.FLAG_CONSTANT, -1,
        new byte[] {3, 1, 1, 2, 3, 4, 5, 6, 7, 8});
    StoredMessage copied = MessageClasses.DATASPACE.copyToFile(m, OWNER, copy);
    assertArrayEquals(space, copied.body());
    assertEquals(StoredMessage.FLAG_CONSTANT, copied.flags());
  }

  @Test
  void externalFileNamesMoveToANewLocalHeap() throws Exception {
    ExternalFileList efl = new ExternalFileList(512, List.of(
        new ExternalFileList.Slot(8, 0, 100), new ExternalFileList.Slot(16, 100, 50)));
    ShiftingCopy copy = new ShiftingCopy();
    StoredMessage copied = MessageClasses.EXTERNAL_FILES.copyToFile(new StoredMessage(
        MessageType.EXTERNAL_FILES, StoredMessage.FLAG_CONSTANT, -1,
        MessageClasses.EXTERNAL_FILES.encode(efl, P)), OWNER, copy);
    assertEquals(new ExternalFileList(4512, List.of(new ExternalFileList.Slot(16, 0, 100),
        new ExternalFileList.Slot(24, 100, 50))), decode(MessageClasses.EXTERNAL_FILES, copied));
    assertEquals(StoredMessage.FLAG_CONSTANT, copied.flags());
  }

  @Test
  void aMessageOfAnotherTypeIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> MessageClasses.LAYOUT.copyToFile(
        StoredMessage.of(MessageType.DATASPACE, new byte[8]), OWNER, new ShiftingCopy()));
  }

  private static <T> T decode(MessageClass<T> c, StoredMessage m) throws H5FormatException {
    return c.decode(new ByteReader(m.body(), OWNER, "test", P));
  }
}
