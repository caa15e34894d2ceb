/** The published description of the merchant API (OpenAPI 3.1, one file) and the docs page rendered from it. */
@NullMarked
package sn.xaalis.docs;

import org.jspecify.annotations.NullMarked;
