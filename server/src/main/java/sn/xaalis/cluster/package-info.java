/**
 * Coordination between the nodes of a cluster sharing one PostgreSQL: each node's single
 * {@code LISTEN} connection, the signals nodes send each other with {@code NOTIFY}, and the fallback
 * that keeps a node correct while it cannot hear them.
 */
@NullMarked
package sn.xaalis.cluster;

import org.jspecify.annotations.NullMarked;
