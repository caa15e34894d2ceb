/**
 * The operator console under {@code /operator}: the people who run the installation, signed in with a
 * password and an authenticator app; the merchants they approve, suspend and help; payments found for a
 * support desk; the audit trail; and the tokens they issue to the admin API.
 */
@NullMarked
package sn.xaalis.operator;

import org.jspecify.annotations.NullMarked;
