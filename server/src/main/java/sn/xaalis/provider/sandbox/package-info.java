/** The sandbox provider: answers like the live providers without moving money, for tests and demos. */
@NullMarked
package sn.xaalis.provider.sandbox;

import org.jspecify.annotations.NullMarked;
