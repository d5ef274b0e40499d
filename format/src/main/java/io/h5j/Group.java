package io.h5j;

import io.h5j.format.dataset.DatasetWriter;
import io.h5j.format.dataset.VirtualDatasetWriter;
import io.h5j.type.Datatype;
import io.h5j.format.datatype.DatatypeCodec;
import io.h5j.format.group.GroupLinkWriter;
import io.h5j.format.group.GroupStorage;
import io.h5j.format.message.LinkMessage;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A group: named links to other objects. Paths may be relative to this group ({@code "a/b"})
 * or absolute ({@code "/a/b"}); soft links are followed, and external links too when the
 * linked file exists (relative to the linking file's folder).
 *
 * <pre>{@code
 * try (H5File f = H5File.create(path)) {
 *   Group g = f.root().createGroup("results");
 *   g.attributes().put("run", 42L);
 *   g.createDataset("x", DatasetSpec.of(new double[] {1, 2, 3}));
 * }
 * }</pre>
 */
public final class Group extends Node {
  Group(H5File file, String path, long address) {
    super(file, path, address);
  }

  /**
   * The links of this group in the order the file stores them.
   *
   * @return a new list of the links, each with its name and target
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<Link> links() throws IOException {
    List<Link> out = new ArrayList<>();
    for (LinkMessage m : linkMessages()) {
      out.add(toLink(m));
    }
    return out;
  }

  /**
   * The names of this group's links.
   *
   * @return a new list in the order of {@link #links()}
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<String> memberNames() throws IOException {
    List<String> out = new ArrayList<>();
    for (LinkMessage m : linkMessages()) {
      out.add(m.name());
    }
    return out;
  }

  List<LinkMessage> linkMessages() throws IOException {
    return new ArrayList<>(linkMap().values());
  }

  Map<String, LinkMessage> linkMap() throws IOException {
    return EngineCalls.call(file, () -> GroupStorage.links(file.context(), header()));
  }

  private static Link toLink(LinkMessage m) {
    LinkMessage.LinkTarget t = m.target();
    if (t instanceof LinkMessage.Hard h) {
      return new Link(m.name(), Link.Kind.HARD, h.address(), null, null);
    }
    if (t instanceof LinkMessage.Soft s) {
      return new Link(m.name(), Link.Kind.SOFT, -1, s.path(), null);
    }
    if (t instanceof LinkMessage.External e) {
      return new Link(m.name(), Link.Kind.EXTERNAL, -1, e.path(), e.file());
    }
    return new Link(m.name(), Link.Kind.USER_DEFINED, -1, null, null);
  }

  /**
   * Whether {@code path} resolves to an object.
   *
   * @param path a link name or a /-separated path, relative to this group unless it starts with /
   * @return true when every link of the path exists and the last one reaches an object
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean contains(String path) throws IOException {
    return EngineCalls.call(file, () -> file.resolver().tryResolve(this, path) != null);
  }

  /**
   * The object at {@code path}.
   *
   * @param path a link name or a /-separated path, relative to this group unless it starts with /
   * @return the group, dataset or committed datatype there
   * @throws IllegalArgumentException if nothing is there
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Node get(String path) throws IOException {
    Node n = EngineCalls.call(file, () -> file.resolver().tryResolve(this, path));
    if (n == null) {
      throw new IllegalArgumentException("no object at '" + path + "' in " + this.path
          + " of " + file.path() + "; list members with links()");
    }
    return n;
  }

  /**
   * The group at {@code path}.
   *
   * @param path a link name or a /-separated path, relative to this group unless it starts with /
   * @return the group
   * @throws IllegalArgumentException if nothing is there or the object is not a group
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Group group(String path) throws IOException {
    return as(path, Group.class);
  }

  /**
   * The dataset at {@code path}.
   *
   * @param path a link name or a /-separated path, relative to this group unless it starts with /
   * @return the dataset
   * @throws IllegalArgumentException if nothing is there or the object is not a dataset
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Dataset dataset(String path) throws IOException {
    Dataset d = as(path, Dataset.class);
    d.opened();
    return d;
  }

  private <T extends Node> T as(String path, Class<T> kind) throws IOException {
    Node n = get(path);
    if (!kind.isInstance(n)) {
      throw new IllegalArgumentException("'" + path + "' is a " + n.getClass().getSimpleName()
          + ", not a " + kind.getSimpleName());
    }
    return kind.cast(n);
  }

  /**
   * Creates an empty group; a path creates missing intermediate groups as well.
   *
   * @param path the new group's name or /-separated path, relative to this group unless it starts
   *     with /
   * @return the new group
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public Group createGroup(String path) throws IOException {
    return EngineCalls.call(file, () -> {
      Placement p = place(path);
      H5Context ctx = file.context();
      List<StoredMessage> messages = file.oldStyle()
          ? GroupLinkWriter.oldStyleGroupMessages(ctx)
          : GroupLinkWriter.newStyleGroupMessages(ctx);
      ObjectHeader h = ctx.createHeader(file.headerVersion(), 0, messages);
      p.parent.addLink(LinkMessage.hard(p.name, h.address()));
      return new Group(file, childPath(p.parent.path, p.name), h.address());
    });
  }

  /**
   * Creates a dataset as {@code spec} describes, writing its data if the spec has any.
   *
   * @param path the new dataset's name or /-separated path, relative to this group unless it starts
   *     with /
   * @param spec the datatype, shape, layout, filters and optional data
   * @return the new dataset
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public Dataset createDataset(String path, DatasetSpec spec) throws IOException {
    return EngineCalls.call(file, () -> {
      Placement p = place(path);
      long address = DatasetWriter.create(file.engine(), spec.creation());
      p.parent.addLink(LinkMessage.hard(p.name, address));
      return new Dataset(file, childPath(p.parent.path, p.name), address);
    });
  }

  /**
   * Creates a virtual dataset whose elements come from boxes of other datasets, as
   * {@code spec} maps them. By default the mappings use the encoding libhdf5 1.10 reads.
   *
   * @param path the new dataset's name or /-separated path, relative to this group unless it starts
   *     with /
   * @param spec the virtual dataset's type, shape and mappings
   * @return the new virtual dataset
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public Dataset createVirtualDataset(String path, VirtualSpec spec) throws IOException {
    return EngineCalls.call(file, () -> {
      Placement p = place(path);
      long address = VirtualDatasetWriter.create(file.engine(), spec.creation());
      p.parent.addLink(LinkMessage.hard(p.name, address));
      return new Dataset(file, childPath(p.parent.path, p.name), address);
    });
  }

  /**
   * Stores {@code type} as a committed datatype named {@code path}.
   *
   * @param path the new datatype's name or /-separated path, relative to this group unless it
   *     starts with /
   * @param type the datatype to store
   * @return the committed datatype
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public NamedDatatype commitDatatype(String path, Datatype type) throws IOException {
    return EngineCalls.call(file, () -> {
      Placement p = place(path);
      ObjectHeader h = file.context().createHeader(file.headerVersion(), 0, List.of(
          new StoredMessage(MessageType.DATATYPE, StoredMessage.FLAG_CONSTANT, -1,
              DatatypeCodec.encode(type))));
      p.parent.addLink(LinkMessage.hard(p.name, h.address()));
      return new NamedDatatype(file, childPath(p.parent.path, p.name), h.address());
    });
  }

  /**
   * Adds a soft link {@code name} whose value is {@code target} (resolved when followed).
   *
   * @param name the new link's name in this group
   * @param target the path the link points to; it need not exist
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void createSoftLink(String name, String target) throws IOException {
    EngineCalls.run(file, () -> {
      Placement p = place(name);
      p.parent.addLink(new LinkMessage(p.name, new LinkMessage.Soft(target), -1, true));
    });
  }

  /**
   * Adds an external link to object {@code objectPath} in file {@code fileName}.
   *
   * @param name the new link's name in this group
   * @param fileName the other file's name, stored as given (readers resolve it)
   * @param objectPath the object's absolute path in that file
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void createExternalLink(String name, String fileName, String objectPath)
      throws IOException {
    EngineCalls.run(file, () -> {
      Placement p = place(name);
      p.parent.addLink(new LinkMessage(p.name, new LinkMessage.External(fileName, objectPath), -1,
          true));
    });
  }

  /**
   * Adds another hard link to an existing object of the same file, and counts it in the
   * object's header (as libhdf5 does), so that libhdf5 removing one link keeps the object.
   * The first link to an object of {@link H5File#createAnonymousVirtualDataset} is counted
   * already.
   *
   * @param name the new link's name in this group
   * @param target an object of this file
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void createHardLink(String name, Node target) throws IOException {
    EngineCalls.run(file, () -> {
      if (target.file != file) {
        throw new IllegalArgumentException("a hard link must point into the same file; use"
            + " createExternalLink for " + target.file.path());
      }
      Placement p = place(name);
      linkingTo(target.address(),
          () -> p.parent.addLink(LinkMessage.hard(p.name, target.address())));
    });
  }

  /**
   * Runs {@code link}, which writes one more hard link to {@code address}, with the object's
   * link count raised before it (unless the link is its first, counted already). In that order
   * a crash between the two writes leaves a count one too high, which only keeps the object's
   * space; the other order would leave one too low, and libhdf5 frees an object when removing
   * a link drops its count to 0 while another link still reaches it. If {@code link} fails, the
   * count is put back.
   */
  private void linkingTo(long address, EngineCalls.Action link) throws IOException {
    boolean first = file.firstLinkTo(address);
    if (!first) {
      io.h5j.format.object.LinkCounts.increment(file.context(), address);
    }
    try {
      link.run();
    } catch (IOException | RuntimeException e) {
      if (first) {
        file.stillUnlinked(address);
      } else {
        io.h5j.format.object.LinkCounts.decrement(file.context(), address);
      }
      throw e;
    }
  }

  /**
   * Uncounts a removed hard link to {@code address}; if it was the last, the object is gone
   * for libhdf5 and so are the links of a group, whose targets are uncounted in turn (as
   * libhdf5 does when it frees a group). {@code seen} guards against cycles.
   */
  private void uncounted(long address, java.util.Set<Long> seen) throws IOException {
    if (io.h5j.format.object.LinkCounts.decrement(file.context(), address) > 1
        || !seen.add(address)) {
      return;
    }
    if (io.h5j.format.group.GroupStorage.isGroup(file.context().header(address))) {
      List<Link> links = new Group(file, "(removed group at " + address + ")", address).links();
      // after reading them, which notes them as links to retarget
      io.h5j.format.group.LinkRetargeting.unreachable(file.context(), address);
      for (Link l : links) {
        if (l.kind() == Link.Kind.HARD) {
          uncounted(l.address(), seen);
        }
      }
    }
  }

  /**
   * Removes the links {@code names} (an object stays if other links reach it), all in one
   * write of the group: a crash leaves either all of them or none. Each hard link removed
   * lowers its object's link count, as in libhdf5; a group whose last link goes lowers those
   * of the objects it links to in turn.
   *
   * @param names the names of links of this group
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void delete(String... names) throws IOException {
    List<Long> removed = new java.util.ArrayList<>();
    edit(links -> {
      for (String name : names) {
        if (!links.containsKey(name)) {
          throw new IllegalArgumentException("no link '" + name + "' in " + path);
        }
      }
      for (String name : names) {
        if (links.remove(name).target() instanceof LinkMessage.Hard h) {
          removed.add(h.address());
        }
      }
    });
    EngineCalls.run(file, () -> {
      java.util.Set<Long> seen = new java.util.HashSet<>();
      for (long a : removed) {
        uncounted(a, seen);
      }
    });
  }

  /**
   * Points the existing link {@code name} at {@code target} in one write of the group, so
   * that readers, and a crash, find either the old object or the new one there, never
   * nothing. With {@link H5File#createAnonymousVirtualDataset} this replaces an object by a
   * finished one. The old object stays in the file (unreachable unless other links reach it).
   * Hard link counts follow, as libhdf5 keeps them: the old object's goes down by one, the
   * target's up by one (an anonymous object's first link is counted already).
   *
   * @param name the name of an existing link of this group
   * @param target the object the link reaches from now on, in this file
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void relink(String name, Node target) throws IOException {
    if (target.file != file) {
      throw new IllegalArgumentException("a hard link must point into the same file");
    }
    long[] before = {-1};
    EngineCalls.run(file, () -> {
      linkingTo(target.address(), () -> edit(links -> {
        LinkMessage old = links.get(name);
        if (old == null) {
          throw new IllegalArgumentException("no link '" + name + "' in " + path
              + " to point elsewhere");
        }
        if (old.target() instanceof LinkMessage.Hard h) {
          before[0] = h.address();
        }
        links.put(name, new LinkMessage(name, new LinkMessage.Hard(target.address()),
            old.creationOrder(), old.utf8()));
      }));
      // the old object's count goes down only once no link of this group reaches it
      if (before[0] >= 0) {
        uncounted(before[0], new java.util.HashSet<>());
      }
    });
  }

  /**
   * Renames link {@code from} to {@code to} within this group.
   *
   * @param from the existing link's name
   * @param to the new name, not taken yet in this group
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void rename(String from, String to) throws IOException {
    checkName(to);
    edit(links -> {
      if (links.containsKey(to)) {
        throw new IllegalArgumentException("'" + to + "' already exists in " + path
            + "; delete it first");
      }
      LinkMessage old = links.remove(from);
      if (old == null) {
        throw new IllegalArgumentException("no link '" + from + "' in " + path);
      }
      links.put(to, new LinkMessage(to, old.target(), old.creationOrder(), old.utf8()));
    });
  }

  void addLink(LinkMessage link) throws IOException {
    edit(links -> {
      if (links.containsKey(link.name())) {
        throw new IllegalArgumentException("'" + link.name() + "' already exists in " + path
            + "; delete it first or pick another name");
      }
      links.put(link.name(), link);
    });
  }

  private void edit(GroupLinkWriter.Edit edit) throws IOException {
    EngineCalls.run(file, () -> {
      file.checkWritable();
      GroupLinkWriter.update(file.context(), address(), edit);
    });
  }

  private record Placement(Group parent, String name) {}

  /** Splits a path into the group that will hold it (created as needed) and the new name. */
  private Placement place(String path) throws IOException {
    file.checkWritable();
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    int slash = trimmed.lastIndexOf('/');
    String name = trimmed.substring(slash + 1);
    checkName(name);
    Group parent = this;
    if (slash >= 0) {
      String parentPath = slash == 0 ? "/" : trimmed.substring(0, slash);
      Node existing = file.resolver().tryResolve(this, parentPath);
      if (existing == null) {
        parent = (parentPath.startsWith("/") ? file.root() : this).createGroup(
            parentPath.startsWith("/") ? parentPath.substring(1) : parentPath);
      } else if (existing instanceof Group g) {
        parent = g;
      } else {
        throw new IllegalArgumentException("'" + parentPath + "' is not a group");
      }
    }
    return new Placement(parent, name);
  }

  private static void checkName(String name) {
    if (name.isEmpty() || name.equals(".") || name.contains("/")) {
      throw new IllegalArgumentException("'" + name + "' is not a valid link name: use a"
          + " non-empty name without '/'");
    }
  }

  static String childPath(String parent, String name) {
    return parent.equals("/") ? "/" + name : parent + "/" + name;
  }

  /**
   * Every object below this group, depth first in link order, each once however many hard
   * links reach it (cycles included); soft and external links are not followed.
   *
   * <pre>{@code
   * for (Node n : file.root().walk()) {
   *   if (n instanceof Dataset d) System.out.println(d.path() + " " + Arrays.toString(d.shape()));
   * }
   * }</pre>
   *
   * @return a new list of the objects below this group, this group excluded
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<Node> walk() throws IOException {
    List<Node> out = new ArrayList<>();
    visit(out::add);
    return out;
  }

  /**
   * Calls {@code visitor} for every object below this group, as {@link #walk()} orders them,
   * and for every soft, external or user-defined link met, which it does not follow.
   *
   * @param visitor called once per object and once per link not followed
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public void visit(NodeVisitor visitor) throws IOException {
    GroupWalk.visit(this, visitor);
  }
}
