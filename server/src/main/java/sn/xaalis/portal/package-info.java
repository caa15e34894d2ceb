/** The merchant portal: server-rendered pages behind a form login, with CSRF and session protection. */
@NullMarked
package sn.xaalis.portal;

import org.jspecify.annotations.NullMarked;
