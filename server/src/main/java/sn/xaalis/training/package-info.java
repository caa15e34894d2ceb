/**
 * The training run of a node's ahead-of-time cache: started with {@code xaalis.training.duration}, the node
 * drives a representative workload through its own HTTP API and pages, then stops, so that the JVM
 * ({@code -XX:AOTCacheOutput}) records what a busy node loads, links and runs hot.
 */
@NullMarked
package sn.xaalis.training;

import org.jspecify.annotations.NullMarked;
