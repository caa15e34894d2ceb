/**
 * Secrets at rest (D9): the master key, the pepper that fingerprints API secrets and the AES-GCM box
 * for the secrets read back (webhook signing secrets, provider credentials). A module of its own, not
 * merchant's, because connection seals provider credentials with it too: merchant, connection and
 * portal all point here, and it points only at platform.
 */
@NullMarked
package sn.xaalis.secrets;

import org.jspecify.annotations.NullMarked;
