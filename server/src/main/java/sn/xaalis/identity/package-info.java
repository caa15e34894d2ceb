/**
 * A person's proof of their address and their devices: the e-mail confirmation a self-service sign-up
 * gets, and the notice by e-mail of a sign-in from a device not seen before.
 */
@NullMarked
package sn.xaalis.identity;

import org.jspecify.annotations.NullMarked;
