/** The sandbox provider: answers like the live providers without moving money, for tests and demos. */
package sn.xaalis.provider.sandbox;
