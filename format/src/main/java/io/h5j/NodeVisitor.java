package io.h5j;

import java.io.IOException;

/**
 * What {@link Group#visit(NodeVisitor)} calls for each object below a group and for each
 * link it does not follow.
 *
 * <pre>{@code
 * root.visit(new NodeVisitor() {
 *   public void node(Node n) { System.out.println(n.path()); }
 *   public void link(Group parent, Link l) { System.out.println(parent.path() + ": " + l); }
 * });
 * }</pre>
 */
public interface NodeVisitor {
  /**
   * One object reached through a hard link, the first time the walk meets it.
   *
   * @param node the group, dataset or committed datatype met
   * @throws IOException if the visitor's own I/O fails; the walk stops and passes it on
   */
  void node(Node node) throws IOException;

  /**
   * A soft, external or user-defined link of {@code parent}: reported, not followed.
   *
   * @param parent the group holding the link
   * @param link the link, with its kind and target
   * @throws IOException if the visitor's own I/O fails; the walk stops and passes it on
   */
  default void link(Group parent, Link link) throws IOException {}
}
