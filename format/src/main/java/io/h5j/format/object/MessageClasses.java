package io.h5j.format.object;

import io.h5j.format.H5FormatException;
import io.h5j.type.Datatype;
import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.message.AttributeInfoMessage;
import io.h5j.format.message.AttributeMessage;
import io.h5j.format.message.ContinuationMessage;
import io.h5j.type.Dataspace;
import io.h5j.format.message.ExternalFileList;
import io.h5j.format.message.FillValueMessage;
import io.h5j.format.message.GroupInfoMessage;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.ModificationTimeMessage;
import io.h5j.format.message.RawMessage;
import io.h5j.format.message.ReferenceCountMessage;
import io.h5j.format.message.SymbolTableMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The table of header message classes: one {@link MessageClass} per type number the spec
 * defines (those h5j has no record for decode to {@link RawMessage}), and for any other type
 * a class that keeps the body as raw bytes and copies it unchanged.
 */
public final class MessageClasses {
  private MessageClasses() {}

  private static final Map<Integer, MessageClass<?>> BY_TYPE = new TreeMap<>();

  public static final MessageClass<RawMessage> NIL = register(MessageClass.rebuilt(
      MessageType.NIL, "NIL", raw(MessageType.NIL), RawMessage::encode));
  public static final MessageClass<Dataspace> DATASPACE = register(MessageClass.asBytes(
      MessageType.DATASPACE, "dataspace", DataspaceMessage::read,
      (space, w) -> new DataspaceMessage(space).encode(w)));
  /** Rebuilt with the group's links. */
  public static final MessageClass<LinkInfoMessage> LINK_INFO = register(MessageClass.rebuilt(
      MessageType.LINK_INFO, "link info", LinkInfoMessage::decode, LinkInfoMessage::encode));
  public static final MessageClass<Datatype> DATATYPE = register(MessageClass.committable(
      MessageType.DATATYPE, "datatype", DatatypeCodec::decode,
      (t, w) -> DatatypeCodec.encode(t, w)));
  public static final MessageClass<FillValueMessage> FILL_VALUE_OLD = register(
      MessageClass.asBytes(MessageType.FILL_VALUE_OLD, "fill value (old)",
          FillValueMessage::decodeOld, FillValueMessage::encodeOld));
  public static final MessageClass<FillValueMessage> FILL_VALUE = register(MessageClass.asBytes(
      MessageType.FILL_VALUE, "fill value", FillValueMessage::decode, FillValueMessage::encode));
  /** Rebuilt with the group's links: a hard link names its target by address. */
  public static final MessageClass<LinkMessage> LINK = register(MessageClass.rebuilt(
      MessageType.LINK, "link", LinkMessage::decode, LinkMessage::encode));
  /** The file names move to a new local heap of the target. */
  public static final MessageClass<ExternalFileList> EXTERNAL_FILES = register(
      MessageClass.translated(MessageType.EXTERNAL_FILES, "external data files",
          ExternalFileList::decode, ExternalFileList::encode, MessageClasses::copyExternalFiles));
  /** Contiguous data, chunks with their index, or a mapping block move with the message. */
  public static final MessageClass<LayoutMessage> LAYOUT = register(MessageClass.translated(
      MessageType.LAYOUT, "data layout", LayoutMessage::decode, LayoutMessage::encode,
      MessageClasses::copyLayout));
  public static final MessageClass<RawMessage> BOGUS = register(rawClass(MessageType.BOGUS,
      "bogus"));
  public static final MessageClass<GroupInfoMessage> GROUP_INFO = register(MessageClass.asBytes(
      MessageType.GROUP_INFO, "group info", GroupInfoMessage::decode, GroupInfoMessage::encode));
  public static final MessageClass<FilterPipelineMessage> FILTER_PIPELINE = register(
      MessageClass.asBytes(MessageType.FILTER_PIPELINE, "filter pipeline",
          FilterPipelineMessage::decode, FilterPipelineMessage::encode));
  /**
   * Rebuilt with the object's attributes. The decoder refuses a shared datatype or dataspace:
   * {@link AttributeStorage} decodes those with the file's shared messages at hand.
   */
  public static final MessageClass<AttributeMessage> ATTRIBUTE = register(MessageClass.rebuilt(
      MessageType.ATTRIBUTE, "attribute", MessageClasses::decodeAttribute,
      AttributeMessage::encode));
  public static final MessageClass<RawMessage> COMMENT = register(rawClass(MessageType.COMMENT,
      "object comment"));
  public static final MessageClass<RawMessage> MODIFICATION_TIME_OLD = register(rawClass(
      MessageType.MODIFICATION_TIME_OLD, "object modification time (old)"));
  public static final MessageClass<RawMessage> SHARED_MESSAGE_TABLE = register(rawClass(
      MessageType.SHARED_MESSAGE_TABLE, "shared message table"));
  /** Rebuilt: the target's header has chunks of its own. */
  public static final MessageClass<ContinuationMessage> CONTINUATION = register(
      MessageClass.rebuilt(MessageType.CONTINUATION, "object header continuation",
          ContinuationMessage::decode, ContinuationMessage::encode));
  /** Rebuilt with the group's links (the target's groups are new-style). */
  public static final MessageClass<SymbolTableMessage> SYMBOL_TABLE = register(
      MessageClass.rebuilt(MessageType.SYMBOL_TABLE, "symbol table", SymbolTableMessage::decode,
          SymbolTableMessage::encode));
  public static final MessageClass<ModificationTimeMessage> MODIFICATION_TIME = register(
      MessageClass.asBytes(MessageType.MODIFICATION_TIME, "object modification time",
          ModificationTimeMessage::decode, ModificationTimeMessage::encode));
  public static final MessageClass<RawMessage> BTREE_K = register(rawClass(MessageType.BTREE_K,
      "B-tree 'K' values"));
  public static final MessageClass<RawMessage> DRIVER_INFO = register(rawClass(
      MessageType.DRIVER_INFO, "driver info"));
  /** Rebuilt with the object's attributes. */
  public static final MessageClass<AttributeInfoMessage> ATTRIBUTE_INFO = register(
      MessageClass.rebuilt(MessageType.ATTRIBUTE_INFO, "attribute info",
          AttributeInfoMessage::decode, AttributeInfoMessage::encode));
  /** Rebuilt: the target counts its own hard links. */
  public static final MessageClass<ReferenceCountMessage> REFERENCE_COUNT = register(
      MessageClass.rebuilt(MessageType.REFERENCE_COUNT, "object reference count",
          ReferenceCountMessage::decode, ReferenceCountMessage::encode));
  public static final MessageClass<RawMessage> FILE_SPACE_INFO = register(rawClass(
      MessageType.FILE_SPACE_INFO, "file space info"));
  public static final MessageClass<RawMessage> METADATA_CACHE_IMAGE = register(rawClass(
      MessageType.METADATA_CACHE_IMAGE, "metadata cache image"));

  /** The class of message type {@code type}: a raw, copied-unchanged one for unknown types. */
  public static MessageClass<?> of(int type) {
    MessageClass<?> c = BY_TYPE.get(type);
    return c != null ? c : rawClass(type, "unknown message type " + type);
  }

  /** Every registered class, in type order. */
  public static Collection<MessageClass<?>> all() {
    return Collections.unmodifiableCollection(BY_TYPE.values());
  }

  private static <T> MessageClass<T> register(MessageClass<T> c) {
    BY_TYPE.put(c.type(), c);
    return c;
  }

  private static MessageClass<RawMessage> rawClass(int type, String name) {
    return MessageClass.asBytes(type, name, raw(type), RawMessage::encode);
  }

  private static MessageClass.Decoder<RawMessage> raw(int type) {
    return r -> new RawMessage(type, r.bytes(r.remaining()));
  }

  private static AttributeMessage decodeAttribute(ByteReader r) throws H5FormatException {
    try {
      return AttributeMessage.decode(r, (type, body) -> {
        throw r.error("the attribute shares its " + (type == MessageType.DATATYPE ? "datatype"
            : "dataspace") + "; decode it through the object's attribute storage");
      });
    } catch (H5FormatException e) {
      throw e;
    } catch (IOException e) {
      throw new IllegalStateException("attribute decoding read nothing but its body", e);
    }
  }

  /** The layout naming the target's copy of the storage the source's layout names. */
  private static byte[] copyLayout(byte[] body, long owner, FileCopy copy) throws IOException {
    LayoutMessage layout = LAYOUT.decode(new ByteReader(body, owner, "data layout message",
        copy.source()));
    LayoutMessage copied;
    if (layout instanceof LayoutMessage.Contiguous c && FileParams.isDefined(c.address())) {
      copied = new LayoutMessage.Contiguous(copy.contiguousData(c.address(), c.size()),
          c.size());
    } else if (layout instanceof LayoutMessage.Chunked c) {
      copied = copy.chunkedData(c);
    } else if (layout instanceof LayoutMessage.Virtual v) {
      if (v.heapIndex() < 0 || v.heapIndex() > Integer.MAX_VALUE) {
        throw new H5FormatException("virtual layout", owner, "heap object index "
            + v.heapIndex() + " is out of range");
      }
      GlobalHeapId id = copy.mappingBlock(v.heapAddress(), (int) v.heapIndex());
      copied = new LayoutMessage.Virtual(id.collectionAddress(), id.index());
    } else {
      copied = layout; // compact (the data are in the message), or contiguous not allocated
    }
    return LAYOUT.encode(copied, copy.target());
  }

  /** The external file list naming a new local heap of the target with the same names. */
  private static byte[] copyExternalFiles(byte[] body, long owner, FileCopy copy)
      throws IOException {
    ExternalFileList efl = EXTERNAL_FILES.decode(new ByteReader(body, owner,
        "external data files message", copy.source()));
    long[] names = new long[efl.slots().size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = efl.slots().get(i).nameOffset();
    }
    FileCopy.CopiedStrings copied = copy.localHeapStrings(efl.heapAddress(), names);
    List<ExternalFileList.Slot> slots = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      ExternalFileList.Slot s = efl.slots().get(i);
      slots.add(new ExternalFileList.Slot(copied.offsets()[i], s.fileOffset(), s.size()));
    }
    return EXTERNAL_FILES.encode(new ExternalFileList(copied.heap(), slots), copy.target());
  }
}
