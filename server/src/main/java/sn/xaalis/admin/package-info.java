/** The operator API under {@code /admin/v1}, behind a bearer token: onboarding merchants and applications. */
@NullMarked
package sn.xaalis.admin;

import org.jspecify.annotations.NullMarked;
