package io.h5j.format.group;

import io.h5j.format.message.LinkMessage;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Points the hard links to a header that an atomic flush wrote anew at the copy: the links
 * the session has seen first ({@link LinkParents}); if fewer than the object's link count
 * lead there, every group reachable from the root is searched for the rest. Each retargeted
 * link is an ordinary edit of its group, which thereby changes (and moves too, if it belongs
 * to the durable state).
 */
public final class LinkRetargeting implements H5Context.HeaderMoves {
  private final H5Context ctx;

  public LinkRetargeting(H5Context ctx) {
    this.ctx = ctx;
  }

  /** Records the links of a group as read or written, for a file with atomic flushes. */
  static void seen(H5Context ctx, long group, Map<String, LinkMessage> links) {
    if (ctx.atomic()) {
      LinkParents.of(ctx).note(group, links);
    }
  }

  /**
   * Tells a file with atomic flushes that the group at {@code group} lost its last link: its
   * own links no longer count among those that reach an object a flush moves (they would
   * stand in for a reachable link still to retarget).
   */
  public static void unreachable(H5Context ctx, long group) {
    if (ctx.atomic()) {
      LinkParents.of(ctx).forget(group);
    }
  }

  @Override
  public void retarget(long from, long to, int expectedLinks) throws IOException {
    Set<LinkParents.Link> done = new HashSet<>();
    for (LinkParents.Link l : LinkParents.of(ctx).linksTo(from)) {
      LinkParents.Link now = new LinkParents.Link(ctx.currentAddress(l.group()), l.name());
      if (!done.contains(now) && retargetLink(now, from, to)) {
        done.add(now);
      }
    }
    if (done.size() < expectedLinks) {
      searchFile(from, to, done);
    }
  }

  private boolean retargetLink(LinkParents.Link l, long from, long to) throws IOException {
    ObjectHeader h;
    try {
      h = ctx.header(l.group());
    } catch (io.h5j.format.H5FormatException e) {
      return false; // an entry outlived its group; the search below finds what it missed
    }
    if (!GroupStorage.isGroup(h)) {
      return false;
    }
    LinkMessage m = GroupStorage.links(ctx, h).get(l.name());
    if (m == null || !(m.target() instanceof LinkMessage.Hard hard) || hard.address() != from) {
      return false;
    }
    GroupLinkWriter.update(ctx, l.group(), links -> links.put(l.name(),
        new LinkMessage(l.name(), new LinkMessage.Hard(to), m.creationOrder(), m.utf8())));
    return true;
  }

  /** Retargets every link to {@code from} in the groups reachable from the root. */
  private void searchFile(long from, long to, Set<LinkParents.Link> done) throws IOException {
    Set<Long> seen = new HashSet<>();
    ArrayDeque<Long> groups = new ArrayDeque<>();
    groups.add(ctx.superblock().rootAddress());
    while (!groups.isEmpty()) {
      long g = groups.poll();
      if (!seen.add(g)) {
        continue;
      }
      ObjectHeader h = ctx.header(g);
      if (!GroupStorage.isGroup(h)) {
        continue;
      }
      for (LinkMessage m : GroupStorage.links(ctx, h).values()) {
        if (!(m.target() instanceof LinkMessage.Hard hard)) {
          continue;
        }
        LinkParents.Link here = new LinkParents.Link(g, m.name());
        if (hard.address() == from) {
          if (!done.contains(here) && retargetLink(here, from, to)) {
            done.add(here);
          }
        } else {
          groups.add(ctx.currentAddress(hard.address()));
        }
      }
    }
  }

  @Override
  public void moved(Map<Long, Long> moves) {
    LinkParents.of(ctx).moved(moves);
  }
}
