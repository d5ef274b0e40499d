package io.h5j.format.copy;

import io.h5j.format.H5FormatException;
import io.h5j.type.Datatype;
import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.group.GroupLinkWriter;
import io.h5j.format.group.GroupStorage;
import io.h5j.format.group.LocalHeap;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.heap.GlobalHeapReader;
import io.h5j.format.heap.GlobalHeapWriter;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.AttributeInfoMessage;
import io.h5j.format.message.AttributeMessage;
import io.h5j.type.Dataspace;
import io.h5j.format.message.DataspaceMessage;
import io.h5j.format.message.ExternalFileList;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.message.LinkInfoMessage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.message.ReferenceCountMessage;
import io.h5j.format.object.AttributeStorage;
import io.h5j.format.object.FileCopy;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.MessageClass;
import io.h5j.format.object.MessageClasses;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import io.h5j.format.vds.MappingBlock;
import io.h5j.format.vds.MappingBlockWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Walks the object graph of one file from its root, once, and copies every object it reaches
 * into another file. Header messages go over through their {@link MessageClass}: as bytes
 * unless they hold addresses, which the class translates with this copier's help (a
 * {@link FileCopy}: where raw data, heap objects and other objects went); chunks and
 * contiguous data go over as stored bytes; mapping blocks of virtual datasets with the heap
 * collection they fill (or as one heap object each, when they share one). Groups are created before their members (so hard-link cycles close) and their
 * links are written once all members exist. Element data holding object references is fixed
 * up last, when every object has its new address; other element data (variable-length
 * values) at once.
 */
final class ObjectCopier {
  /** A group's messages, which OUT's empty new-style group replaces. */
  private static final Map<Integer, List<StoredMessage>> GROUP_MESSAGES = Map.of(
      MessageType.SYMBOL_TABLE, List.of(), MessageType.LINK_INFO, List.of(),
      MessageType.GROUP_INFO, List.of(), MessageType.LINK, List.of());

  /** Work that needs every object's new address. */
  private interface Fixup {
    void run() throws IOException;
  }

  private record PendingGroup(ObjectHeader header, long newAddress, String path) {}

  private final H5Context in;
  private final H5Context out;
  /**
   * Counts the input's bytes as they are copied, for progress reports: raw data and heap
   * collections as {@link #runs} moves them, and what is read and written anew (object
   * headers, mapping blocks in shared heap collections, chunks re-encoded) here. Without the
   * latter a file whose virtual datasets' blocks share collections, as libhdf5 writes small
   * ones, shows no progress through its virtual datasets.
   */
  private final CopyMeter meter;
  private final ByteRuns runs;
  private final ChunkCopier chunks;
  private final GlobalHeapReader inHeap;
  private final GlobalHeapWriter outHeap;
  private final HeapCollectionMover collections;
  private final ElementRewriter rewriter;
  private final FillValueRewriter fills;
  private final BlockCensus census = new BlockCensus();
  private final Map<Long, Long> copied = new HashMap<>();
  /** Hard links and committed-datatype users per new object address. */
  private final Map<Long, Integer> referenceCounts = new HashMap<>();
  /** The counts above 1 that OUT's headers were created with (IN's), per new address. */
  private final Map<Long, Long> declaredCounts = new HashMap<>();
  private final ArrayDeque<PendingGroup> groups = new ArrayDeque<>();
  private final ArrayDeque<Fixup> fixups = new ArrayDeque<>();
  /** Why options naming no path left datasets as they were, one line each. */
  private final List<String> skipped = new ArrayList<>();
  /** Addresses that references held where the input has no object, in the order met. */
  private final java.util.Set<Long> dangling = new java.util.LinkedHashSet<>();
  private long groupCount;
  private long datasetCount;
  private long virtualCount;
  private long datatypeCount;
  private long linkCount;

  private final StoragePlanner planner;
  private final Transcoder transcoder;
  private final MappingBlockWriter.Format vdsEncoding;
  /** Distinct blocks already stored, when blocks are shared: key → where, in both files. */
  private final Map<BlockCensus.Key, SharedBlock> sharedBlocks;

  private record SharedBlock(long inCollection, int inIndex, GlobalHeapId out) {}

  /**
   * @param runs what copies bytes from {@code in} to {@code out}, telling {@code meter}
   * @param meter counts the input's bytes copied, for progress reports
   * @param source the input as element values, for datasets whose storage
   *     {@code planner} changes (may be null when it changes none)
   */
  ObjectCopier(H5Context in, H5Context out, ByteRuns runs, CopyMeter meter,
      StoragePlanner planner, ElementSource source, MappingBlockWriter.Format vdsEncoding,
      boolean shareBlocks) throws IOException {
    this.vdsEncoding = vdsEncoding;
    this.sharedBlocks = shareBlocks ? new HashMap<>() : null;
    this.in = in;
    this.out = out;
    this.meter = meter;
    this.planner = planner;
    this.runs = runs;
    this.chunks = new ChunkCopier(in, out, runs, meter);
    this.inHeap = new GlobalHeapReader(in.access());
    this.outHeap = new GlobalHeapWriter(out.access(), out.allocator());
    this.collections = new HeapCollectionMover(in.access(), runs, out.allocator());
    out.beforeEveryCommit(outHeap::flush);
    this.rewriter = new ElementRewriter(in.params().offsetSize(), inHeap, outHeap,
        this::translate);
    this.fills = new FillValueRewriter(rewriter, in.params());
    this.transcoder = source == null ? null : new Transcoder(source, out, chunks, rewriter,
        meter);
  }

  /** Copies everything reachable from the input's root into the (empty) output root. */
  CopyCounts copyAll() throws IOException {
    long inRoot = in.superblock().rootAddress();
    try {
      // OUT's root is made as any other group, so that it has IN's root header settings
      // (attribute phase change values, creation order flags), which the empty root OUT was
      // created with cannot take in place: that one is freed first, so the new one takes its
      // place when it fits
      ObjectHeader placeholder = out.header(out.superblock().rootAddress());
      for (ObjectHeader.Chunk c : placeholder.chunks()) {
        out.allocator().free(c.address(), c.size());
      }
      ObjectHeader root = in.header(inRoot);
      long outRoot = copyGroup(root, "/");
      meter.object(headerBytes(root));
      out.superblock(out.superblock().withRootAddress(outRoot));
    } catch (IOException | RuntimeException e) {
      throw new ObjectCopyException("/", inRoot, e);
    }
    while (!groups.isEmpty() || !fixups.isEmpty()) {
      if (!groups.isEmpty()) {
        linkMembers(groups.poll());
      } else {
        fixups.poll().run();
      }
    }
    writeReferenceCounts();
    return new CopyCounts(groupCount, datasetCount, virtualCount, datatypeCount, linkCount,
        runs.copied(), census.blocks(), census.repeated(), census.repeatedBytes(),
        in.access().size(), out.allocator().endOfAllocation(), skipped,
        dangling.stream().map(a -> "a reference to address " + a + ", where no object is,"
            + " written as a null reference").toList());
  }

  /** The new address of the object at {@code old}, copying it first if need be. */
  private long copyObject(long old, String path) throws IOException {
    Long done = copied.get(old);
    if (done != null) {
      return done;
    }
    try {
      ObjectHeader h = in.header(old);
      long address;
      if (GroupStorage.isGroup(h)) {
        address = copyGroup(h, path);
      } else if (find(h, MessageType.LAYOUT) != null) {
        address = copyDataset(h, path);
      } else if (find(h, MessageType.DATATYPE) != null) {
        address = copyDatatype(h, path);
      } else {
        throw new H5FormatException("object header", old, "is neither a group, a dataset nor"
            + " a committed datatype");
      }
      meter.object(headerBytes(h));
      return address;
    } catch (ObjectCopyException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new ObjectCopyException(path, old, e);
    }
  }

  private static long headerBytes(ObjectHeader h) {
    long n = 0;
    for (ObjectHeader.Chunk c : h.chunks()) {
      n += c.size();
    }
    return n;
  }

  /**
   * An object reached through a reference in element data; 0 (the null reference) where no
   * object is, as libhdf5 dereferences such a reference to nothing: an object deleted after
   * the reference was stored leaves its address to free space.
   */
  private long translate(long old) throws IOException {
    if (!copied.containsKey(old) && !isObject(old)) {
      dangling.add(old);
      return 0;
    }
    return copyObject(old, "(object at " + old + ", reached by a reference)");
  }

  private boolean isObject(long address) throws IOException {
    ObjectHeader h;
    try {
      h = in.header(address);
    } catch (H5FormatException e) {
      return false;
    }
    return GroupStorage.isGroup(h) || find(h, MessageType.LAYOUT) != null
        || find(h, MessageType.DATATYPE) != null;
  }

  private long copyGroup(ObjectHeader h, String path) throws IOException {
    List<StoredMessage> messages = withLinkOrderOf(h, GroupLinkWriter.newStyleGroupMessages(out));
    messages.addAll(copyMessages(h, GROUP_MESSAGES, new Storage(path)));
    Attributes attrs = new Attributes(h, path, AttributeStorage.maxCompact(h));
    messages.addAll(attrs.direct);
    long declared = declaredCount(h, messages);
    long address = out.createHeader(2, attrs.headerFlags,
        h.maxCompactAttributes(), h.minDenseAttributes(), messages).address();
    declare(address, declared);
    copied.put(h.address(), address);
    attrs.finish(address);
    groups.add(new PendingGroup(h, address, path));
    groupCount++;
    return address;
  }

  /**
   * The messages of an empty new-style group of OUT ({@code empty}), with a link info message
   * that tracks (and indexes) link creation order when IN's group {@code h} does: the links,
   * which keep their creation indexes, are then listed in the order they were created, as in
   * IN (h5py's {@code track_order=True}).
   */
  private List<StoredMessage> withLinkOrderOf(ObjectHeader h, List<StoredMessage> empty)
      throws IOException {
    List<StoredMessage> messages = new ArrayList<>(empty);
    LinkInfoMessage info = GroupStorage.linkInfo(in, h).orElse(null);
    if (info != null && info.trackOrder()) {
      LinkInfoMessage tracked = new LinkInfoMessage(true, info.indexOrder(),
          info.maxCreationIndex(), FileParams.UNDEFINED, FileParams.UNDEFINED,
          FileParams.UNDEFINED);
      messages.replaceAll(m -> m.type() != MessageType.LINK_INFO ? m
          : StoredMessage.of(MessageType.LINK_INFO, tracked.toBytes(out.params())));
    }
    return messages;
  }

  /** Copies the members of a group created before, then writes its links in one go. */
  private void linkMembers(PendingGroup g) throws IOException {
    LinkedHashMap<String, LinkMessage> links = new LinkedHashMap<>();
    Map<String, LinkMessage> old;
    try {
      old = GroupStorage.links(in, g.header);
    } catch (IOException | RuntimeException e) {
      throw new ObjectCopyException(g.path, g.header.address(), e);
    }
    for (LinkMessage m : old.values()) {
      LinkMessage copy = m;
      if (m.target() instanceof LinkMessage.Hard hard) {
        String child = g.path.equals("/") ? "/" + m.name() : g.path + "/" + m.name();
        long address = copyObject(hard.address(), child);
        referenceCounts.merge(address, 1, Integer::sum);
        copy = new LinkMessage(m.name(), new LinkMessage.Hard(address), m.creationOrder(),
            m.utf8());
      }
      links.put(m.name(), copy);
    }
    try {
      GroupLinkWriter.update(out, g.newAddress, l -> l.putAll(links));
    } catch (IOException | RuntimeException e) {
      throw new ObjectCopyException(g.path, g.header.address(), e);
    }
    linkCount += links.size();
  }

  private long copyDatatype(ObjectHeader h, String path) throws IOException {
    List<StoredMessage> messages = copyMessages(h, Map.of(), new Storage(path));
    Attributes attrs = new Attributes(h, path, AttributeStorage.maxCompact(h));
    messages.addAll(attrs.direct);
    long declared = declaredCount(h, messages);
    long address = out.createHeader(2, attrs.headerFlags,
        h.maxCompactAttributes(), h.minDenseAttributes(), messages).address();
    declare(address, declared);
    copied.put(h.address(), address);
    attrs.finish(address);
    datatypeCount++;
    return address;
  }

  private long copyDataset(ObjectHeader h, String path) throws IOException {
    Datatype type = message(h, MessageClasses.DATATYPE, true);
    Dataspace space = message(h, MessageClasses.DATASPACE, true);
    LayoutMessage layout = message(h, MessageClasses.LAYOUT, true);
    FilterPipelineMessage pipeline = message(h, MessageClasses.FILTER_PIPELINE, false);
    boolean rewrite = ElementRewriter.needed(type);
    StoragePlan plan = path.startsWith("/")
        ? planner.plan(path, layout, pipeline, space, type, skipped::add) : null;
    if (find(h, MessageType.EXTERNAL_FILES) != null && (plan != null || rewrite)) {
      throw new UnsupportedOperationException("dataset " + path + " is stored in external"
          + " files; its layout, filters or element references cannot be changed by repack");
    }
    // the storage is copied first (before committed datatypes, names of external files)
    Storage storage = new Storage(space, pipeline, rewrite, path);
    StoredMessage layoutMessage = find(h, MessageType.LAYOUT);
    StoredMessage copiedLayoutMessage = plan != null
        ? new StoredMessage(MessageType.LAYOUT, layoutMessage.flags(), -1,
            MessageClasses.LAYOUT.encode(new LayoutMessage.Contiguous(FileParams.UNDEFINED, 0),
                out.params())) // until the transcoder runs
        : MessageClasses.LAYOUT.copyToFile(layoutMessage, h.address(), storage);
    LayoutMessage copiedLayout = message(copiedLayoutMessage, MessageClasses.LAYOUT);
    Map<Integer, List<StoredMessage>> replaced = new HashMap<>();
    replaced.put(MessageType.LAYOUT, List.of(copiedLayoutMessage));
    if (plan != null) {
      // the new pipeline (if any) follows the layout, the old one goes
      replaced.put(MessageType.FILTER_PIPELINE, List.of());
      if (plan.pipeline() != null) {
        replaced.put(MessageType.LAYOUT, List.of(copiedLayoutMessage, StoredMessage.of(
            MessageType.FILTER_PIPELINE,
            MessageClasses.FILTER_PIPELINE.encode(plan.pipeline(), out.params()))));
      }
    }
    List<StoredMessage> messages = copyMessages(h, replaced, storage);
    // a fill value naming objects waits for them, as element data does
    boolean fillNow = FillValueRewriter.needed(type) && !ElementRewriter.holdsReferences(type);
    if (fillNow) {
      messages = fills.rewrite(messages, type, h.address(), path);
    }
    Attributes attrs = new Attributes(h, path, AttributeStorage.maxCompact(h));
    messages.addAll(attrs.direct);
    long declared = declaredCount(h, messages);
    long address = out.createHeader(2, attrs.headerFlags,
        h.maxCompactAttributes(), h.minDenseAttributes(), messages).address();
    declare(address, declared);
    copied.put(h.address(), address);
    attrs.finish(address);
    if (FillValueRewriter.needed(type) && !fillNow) {
      fixups.add(() -> rewriteFillValues(address, type, path, h.address()));
    }
    datasetCount++;
    if (layout instanceof LayoutMessage.Virtual) {
      virtualCount++;
    }
    if (plan != null) {
      fixups.add(() -> transcode(address, type, space, plan, path, h.address(), layout,
          pipeline));
    } else if (rewrite) {
      later(ElementRewriter.holdsReferences(type), () -> rewriteElements(address, type, space,
          layout, copiedLayout, pipeline, path, h.address()));
    }
    return address;
  }

  /** Counts a block that moves with its collection, unless it needs another encoding. */
  private boolean movesAsItIs(ByteBuffer block) {
    if (vdsEncoding != null && block.hasRemaining()
        && block.get(block.position()) != (vdsEncoding == MappingBlockWriter.Format.V0 ? 0 : 1)) {
      return false;
    }
    census.countLater(block);
    return true;
  }

  /** The block in the encoding asked for: as it is when it already has it. */
  private byte[] encoded(byte[] block, long address, String path) throws IOException {
    if (vdsEncoding == null) {
      return block;
    }
    MappingBlock b = MappingBlock.decode(block, in.params(), address, path);
    int version = vdsEncoding == MappingBlockWriter.Format.V0 ? 0 : 1;
    if (b.version() == version) {
      return block;
    }
    MappingBlockWriter w = new MappingBlockWriter(out.params(), vdsEncoding);
    for (int i = 0; i < b.count(); i++) {
      w.add(b.mapping(i));
    }
    return w.toByteArray();
  }

  /** Makes the element data of a copied dataset refer to the new file's heap and objects. */
  private void rewriteElements(long address, Datatype type, Dataspace space,
      LayoutMessage layout, LayoutMessage copiedLayout, FilterPipelineMessage pipeline,
      String path, long oldAddress) throws IOException {
    try {
      LayoutMessage fixed = null;
      if (layout instanceof LayoutMessage.Compact c) {
        byte[] data = c.data().clone();
        rewriter.rewrite(type, data, elements(data.length, type));
        fixed = new LayoutMessage.Compact(data);
      } else if (copiedLayout instanceof LayoutMessage.Contiguous c
          && FileParams.isDefined(c.address())) {
        byte[] data = out.access().read(c.address(), c.size(), "contiguous data of " + path);
        rewriter.rewrite(type, data, elements(data.length, type));
        out.access().write(c.address(), data);
      } else if (layout instanceof LayoutMessage.Chunked c) {
        fixed = chunks.copyDecoded(c, space, pipeline, pipeline, chunk -> rewriter.rewrite(
            type, chunk, elements(chunk.length, type)), path);
      }
      if (fixed != null) {
        replaceMessage(address, MessageType.LAYOUT, fixed.toBytes(out.params()));
      }
    } catch (ObjectCopyException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new ObjectCopyException(path, oldAddress, e);
    }
  }

  /** Rewrites the fill values of a copied dataset once every object they may name is copied. */
  private void rewriteFillValues(long address, Datatype type, String path, long oldAddress)
      throws IOException {
    try {
      out.rewriteHeader(address, fills.rewrite(out.header(address).messages(), type,
          oldAddress, path));
    } catch (ObjectCopyException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new ObjectCopyException(path, oldAddress, e);
    }
  }

  /** Stores a dataset's elements in the layout and filters that the options asked for. */
  private void transcode(long address, Datatype type, Dataspace space, StoragePlan plan,
      String path, long oldAddress, LayoutMessage stored, FilterPipelineMessage pipeline)
      throws IOException {
    try {
      LayoutMessage layout = transcoder.write(path, type, space, plan,
          storedBytes(stored, space, pipeline));
      replaceMessage(address, MessageType.LAYOUT, layout.toBytes(out.params()));
    } catch (ObjectCopyException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new ObjectCopyException(path, oldAddress, e);
    }
  }

  /**
   * The bytes a dataset's elements take in the input as stored (0 for compact data, which
   * its header holds): what its transcoding counts for progress.
   */
  private long storedBytes(LayoutMessage layout, Dataspace space,
      FilterPipelineMessage pipeline) throws IOException {
    if (layout instanceof LayoutMessage.Contiguous c) {
      return FileParams.isDefined(c.address()) ? c.size() : 0;
    }
    if (layout instanceof LayoutMessage.Chunked c && FileParams.isDefined(c.indexAddress())) {
      return chunks.storedBytes(c, space, pipeline != null);
    }
    return 0;
  }

  private static int elements(int bytes, Datatype type) {
    return type.size() == 0 ? 0 : bytes / type.size();
  }

  private void replaceMessage(long address, int type, byte[] body) throws IOException {
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : out.header(address).messages()) {
      messages.add(m.type() == type ? new StoredMessage(type, m.flags(), -1, body) : m);
    }
    out.rewriteHeader(address, messages);
  }

  /**
   * The messages of {@code h} for the new file, each as its class copies it, less those the
   * object's copier rebuilds; each message of a type in {@code replaced} gives way to the
   * messages listed there.
   */
  private List<StoredMessage> copyMessages(ObjectHeader h,
      Map<Integer, List<StoredMessage>> replaced, FileCopy copy) throws IOException {
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : h.messages()) {
      List<StoredMessage> instead = replaced.get(m.type());
      if (instead != null) {
        messages.addAll(instead);
        continue;
      }
      if (m.type() == MessageType.FILL_VALUE_OLD && m.isShared()
          && find(h, MessageType.FILL_VALUE) != null) {
        continue; // the new fill value message says the same, and readers prefer it
      }
      StoredMessage copied = MessageClasses.of(m.type()).copyToFile(m, h.address(), copy);
      if (copied != null) {
        messages.add(copied);
      }
    }
    return messages;
  }

  /**
   * Where the things one object's messages name go in OUT: committed datatypes are copied
   * (and counted as used once more), a dataset's storage as stored (its chunks left out when
   * its elements are rewritten later, by {@link #rewriteElements}), external file names into
   * a new local heap of OUT, as h5repack keeps them.
   */
  private final class Storage implements FileCopy {
    private final Dataspace space;
    private final FilterPipelineMessage pipeline;
    private final boolean rewrite;
    private final String path;

    /** For an object that has no storage (a group, a committed datatype). */
    Storage(String path) {
      this(null, null, false, path);
    }

    Storage(Dataspace space, FilterPipelineMessage pipeline, boolean rewrite, String path) {
      this.space = space;
      this.pipeline = pipeline;
      this.rewrite = rewrite;
      this.path = path;
    }

    @Override
    public FileParams source() {
      return in.params();
    }

    @Override
    public FileParams target() {
      return out.params();
    }

    @Override
    public byte[] sharedBody(StoredMessage m, long owner) throws IOException {
      return in.shared().resolve(m, owner);
    }

    @Override
    public long committedDatatype(long address) throws IOException {
      long copy = copyObject(address, "(committed datatype at " + address + ")");
      referenceCounts.merge(copy, 1, Integer::sum);
      return copy;
    }

    @Override
    public long contiguousData(long address, long size) throws IOException {
      long copy = out.allocator().allocate(Math.max(1, size));
      runs.copy(address, copy, size, "contiguous data of " + path);
      return copy;
    }

    @Override
    public LayoutMessage.Chunked chunkedData(LayoutMessage.Chunked c) throws IOException {
      if (rewrite) {
        return new LayoutMessage.Chunked(c.version(), c.flags(), c.chunkDims(),
            c.elementSize(), c.indexType(), c.indexInfo(), FileParams.UNDEFINED);
      }
      return chunks.copyStored(c, space, pipeline, path);
    }

    /**
     * The block moves with its collection when it has one to itself (as bytes, never
     * decoded), else as a heap object of OUT: in the encoding asked for, and once per
     * distinct block when blocks are shared.
     */
    @Override
    public GlobalHeapId mappingBlock(long collection, int index) throws IOException {
      GlobalHeapId moved = sharedBlocks != null ? null
          : collections.move(collection, index, ObjectCopier.this::movesAsItIs);
      if (moved != null) {
        return moved;
      }
      byte[] block = inHeap.read(collection, index);
      meter.add(block.length);
      BlockCensus.Key key = census.key(block);
      census.add(key);
      SharedBlock earlier = sharedBlocks == null ? null : sharedBlocks.get(key);
      if (earlier != null && java.util.Arrays.equals(block,
          inHeap.read(earlier.inCollection(), earlier.inIndex()))) {
        return earlier.out();
      }
      GlobalHeapId id = outHeap.write(encoded(block, collection, path));
      if (sharedBlocks != null && earlier == null) {
        sharedBlocks.put(key, new SharedBlock(collection, index, id));
      }
      return id;
    }

    @Override
    public CopiedStrings localHeapStrings(long heap, long[] offsets) throws IOException {
      LocalHeap names = LocalHeap.read(in.access(), heap);
      LocalHeap.Builder copy = new LocalHeap.Builder();
      long[] copied = new long[offsets.length];
      for (int i = 0; i < offsets.length; i++) {
        copied[i] = copy.add(names.string(offsets[i]));
      }
      return new CopiedStrings(copy.write(out.access(), out.allocator()), copied);
    }
  }

  /**
   * The attributes of one object: those copied as bytes, and those written afterwards. Both
   * keep IN's creation indexes, max creation index and header flags when IN's header tracks
   * creation order, so that OUT lists them in the same order and numbers a new one the same.
   */
  private final class Attributes {
    final List<StoredMessage> direct = new ArrayList<>();
    final Map<String, AttributeMessage> decoded;
    /** IN's creation index of each attribute by name (none when IN does not track them). */
    final Map<String, Integer> orders;
    /** Whether IN stores them densely. */
    final boolean dense;
    final boolean rewriteAll;
    /** The v2 header flags OUT's object needs: creation order tracked (and indexed), or 0. */
    final int headerFlags;
    final String path;
    final long oldAddress;
    /** Attributes whose values {@link #rewriteDirectNow} rewrote already. */
    final java.util.Set<String> rewrittenNow = new java.util.HashSet<>();

    /**
     * @param outMaxCompact the most attributes OUT's object may hold compactly, and so
     *     receive as bytes
     */
    Attributes(ObjectHeader h, String path, int outMaxCompact) throws IOException {
      this.path = path;
      this.oldAddress = h.address();
      boolean asBytes = true;
      int count = 0;
      AttributeInfoMessage info = null;
      for (StoredMessage m : h.messages()) {
        if (m.type() == MessageType.ATTRIBUTE) {
          count++;
          byte[] b = m.body();
          asBytes &= !m.isShared() && !AttributeMessage.namesSharedParts(b);
          direct.add(new StoredMessage(m.type(), m.flags(), m.creationOrder(), b));
        } else if (m.type() == MessageType.ATTRIBUTE_INFO) {
          info = MessageClasses.ATTRIBUTE_INFO.decode(m, h.address(), in.shared(), in.params());
        }
      }
      this.dense = info != null && info.isDense();
      asBytes &= !dense && count <= outMaxCompact;
      this.decoded = AttributeStorage.read(in, h);
      this.orders = AttributeStorage.creationOrders(in, h);
      this.rewriteAll = !asBytes;
      boolean track = h.tracksAttributeOrder();
      this.headerFlags = track ? h.flags()
          & (ObjectHeader.ATTRIBUTE_ORDER_TRACKED | ObjectHeader.ATTRIBUTE_ORDER_INDEXED) : 0;
      int maxCreationIndex = info == null ? 0 : Math.max(info.maxCreationIndex(), 0);
      for (int order : orders.values()) {
        maxCreationIndex = Math.max(maxCreationIndex, order + 1);
      }
      if (rewriteAll) {
        direct.clear();
      } else {
        rewriteDirectNow();
      }
      if (info != null || !direct.isEmpty()) {
        // libhdf5 counts the attributes of a version 2 header through this message; the
        // rewrite of finish() keeps its max creation index
        direct.add(0, StoredMessage.of(MessageType.ATTRIBUTE_INFO, new AttributeInfoMessage(
            track, (headerFlags & ObjectHeader.ATTRIBUTE_ORDER_INDEXED) != 0,
            track ? maxCreationIndex : -1, -1, -1, -1).toBytes(out.params())));
      }
      if (!track) {
        direct.replaceAll(m -> new StoredMessage(m.type(), m.flags(), -1, m.body()));
      }
    }

    /**
     * Rewrites, in the messages copied as bytes, the values that need no other object's new
     * address (variable-length data, moved to OUT's heap), so that the header is written once
     * with them: rewriting them after it was created wrote it twice (2,400 headers of the seed
     * file). Those holding references wait for {@link #finish}.
     */
    private void rewriteDirectNow() throws IOException {
      boolean any = false;
      for (AttributeMessage a : decoded.values()) {
        any |= rewritesNow(a);
      }
      for (int i = 0; any && i < direct.size(); i++) {
        StoredMessage m = direct.get(i);
        if (m.type() != MessageType.ATTRIBUTE) {
          continue;
        }
        // copied as bytes only when nothing in it is shared, so nothing is resolved here
        AttributeMessage a = AttributeMessage.decode(new ByteReader(m.body(), oldAddress,
            "attribute message", in.params()), (type, body) -> body);
        if (!rewritesNow(a)) {
          continue;
        }
        byte[] data = a.data().clone();
        rewriter.rewrite(a.datatype(), data, (int) a.dataspace().elementCount());
        direct.set(i, new StoredMessage(m.type(), m.flags(), m.creationOrder(),
            new AttributeMessage(a.name(), a.datatype(), a.dataspace(), data, a.utf8())
                .toBytes(out.params())));
        rewrittenNow.add(a.name());
      }
    }

    private static boolean rewritesNow(AttributeMessage a) {
      return ElementRewriter.needed(a.datatype())
          && !ElementRewriter.holdsReferences(a.datatype());
    }

    /** Stores what could not go over as bytes, and schedules element rewrites. */
    void finish(long address) throws IOException {
      if (rewriteAll && !decoded.isEmpty()) {
        AttributeStorage.copyIn(out, address, decoded, orders, dense);
      }
      List<String> rewrite = new ArrayList<>();
      boolean references = false;
      for (AttributeMessage a : decoded.values()) {
        if (ElementRewriter.needed(a.datatype()) && !rewrittenNow.contains(a.name())) {
          rewrite.add(a.name());
          references |= ElementRewriter.holdsReferences(a.datatype());
        }
      }
      if (!rewrite.isEmpty()) {
        later(references, () -> rewriteAttributes(address, rewrite));
      }
    }

    private void rewriteAttributes(long address, List<String> names) throws IOException {
      try {
        AttributeStorage.update(out, address, all -> {
          for (String name : names) {
            AttributeMessage a = decoded.get(name);
            byte[] data = a.data().clone();
            rewriter.rewrite(a.datatype(), data, (int) a.dataspace().elementCount());
            all.put(name, new AttributeMessage(name, a.datatype(), a.dataspace(), data,
                a.utf8()));
          }
        }, () -> { });
      } catch (ObjectCopyException e) {
        throw e;
      } catch (IOException | RuntimeException e) {
        throw new ObjectCopyException(path + " (attributes)", oldAddress, e);
      }
    }
  }

  /**
   * Runs {@code f} once every object is copied if it translates references, else now (so that
   * what it needs is not held until the end of a file of many objects).
   */
  private void later(boolean needsAllObjects, Fixup f) throws IOException {
    if (needsAllObjects) {
      fixups.add(f);
    } else {
      f.run();
    }
  }

  /**
   * The count of hard links (and committed datatype users) that IN's header {@code h}
   * records, when more than one: added to {@code messages} as OUT's count, so that the header
   * is written once when the copy finds as many (7,200 of the seed file's 9,600 virtual
   * datasets are linked from several versions); 1 when it records none.
   */
  private long declaredCount(ObjectHeader h, List<StoredMessage> messages) throws IOException {
    ReferenceCountMessage count = message(h, MessageClasses.REFERENCE_COUNT, false);
    if (count == null || count.count() <= 1) {
      return 1;
    }
    messages.add(referenceCount(count.count()));
    return count.count();
  }

  private void declare(long address, long count) {
    if (count > 1) {
      declaredCounts.put(address, count);
    }
  }

  private StoredMessage referenceCount(long count) {
    return StoredMessage.of(MessageType.REFERENCE_COUNT,
        MessageClasses.REFERENCE_COUNT.encode(new ReferenceCountMessage(count), out.params()));
  }

  /**
   * Objects with more than one hard link (or committed datatype user) record the count: the
   * headers whose count, taken from IN, is not what the copy found are written again.
   */
  private void writeReferenceCounts() throws IOException {
    java.util.Set<Long> objects = new java.util.LinkedHashSet<>(referenceCounts.keySet());
    objects.addAll(declaredCounts.keySet());
    for (long address : objects) {
      long found = referenceCounts.getOrDefault(address, 0);
      long declared = declaredCounts.getOrDefault(address, 1L);
      if (Math.max(found, 1) == declared) {
        continue;
      }
      List<StoredMessage> messages = new ArrayList<>();
      for (StoredMessage m : out.header(address).messages()) {
        if (m.type() != MessageType.REFERENCE_COUNT) {
          messages.add(m);
        }
      }
      if (found > 1) {
        messages.add(referenceCount(found));
      }
      out.rewriteHeader(address, messages);
    }
  }

  private static StoredMessage find(ObjectHeader h, int type) {
    for (StoredMessage m : h.messages()) {
      if (m.type() == type) {
        return m;
      }
    }
    return null;
  }

  /** The message of {@code c}'s type in dataset header {@code h}; null if none and optional. */
  private <T> T message(ObjectHeader h, MessageClass<T> c, boolean required)
      throws IOException {
    StoredMessage m = find(h, c.type());
    if (m == null) {
      if (required) {
        throw new H5FormatException("dataset header", h.address(), "has no " + c.name()
            + " message");
      }
      return null;
    }
    return c.decode(m, h.address(), in.shared(), in.params());
  }

  /** A message made for OUT, decoded. */
  private <T> T message(StoredMessage m, MessageClass<T> c) throws IOException {
    return c.decode(m, -1, out.shared(), out.params());
  }
}
