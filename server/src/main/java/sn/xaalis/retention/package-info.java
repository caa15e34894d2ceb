/**
 * Retention (D24): deletes delivery attempts, provider exchanges and delivered notifications older than
 * their windows, in small batches on every node; payments and their status history are never deleted.
 */
@NullMarked
package sn.xaalis.retention;

import org.jspecify.annotations.NullMarked;
