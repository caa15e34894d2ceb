/**
 * What every page a person reads shares: the language (a saved choice, else {@code Accept-Language},
 * else French), the message bundles, and amounts and times written as people read them.
 */
@NullMarked
package sn.xaalis.pages;

import org.jspecify.annotations.NullMarked;
