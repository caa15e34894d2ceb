/** E-mail to merchants: written to an outbox with what it tells, sent by every node off the request threads. */
@NullMarked
package sn.xaalis.mail;

import org.jspecify.annotations.NullMarked;
