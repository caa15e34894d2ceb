/** The merchant portal: server-rendered pages behind a form login, with CSRF and session protection. */
package sn.xaalis.portal;
