/** The operator API under {@code /admin/v1}, behind a bearer token: onboarding merchants and applications. */
package sn.xaalis.admin;
