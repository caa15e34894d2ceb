/** How the limits are kept: token buckets on this node or shared through PostgreSQL, chosen at start-up. */
@NullMarked
package sn.xaalis.ratelimit.internal;

import org.jspecify.annotations.NullMarked;
