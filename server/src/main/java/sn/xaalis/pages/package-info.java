/**
 * What every page a person reads shares: the language (a saved choice, else {@code Accept-Language},
 * else French), the message bundles, and amounts and times written as people read them.
 */
package sn.xaalis.pages;
