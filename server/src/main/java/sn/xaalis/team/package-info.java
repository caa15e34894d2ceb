/** A merchant's team in the portal: inviting people by e-mail with a role, their joining, role changes and removals. */
@NullMarked
package sn.xaalis.team;

import org.jspecify.annotations.NullMarked;
