/**
 * Key numbers and row keys: the second step of the data flow <em>properties &rarr; {@code config}
 * spec &rarr; keys/values &rarr; binding call</em>.
 *
 * <p>A {@link KeySpace} (one per run, shared by all workers) holds the only shared state: the
 * load-phase counter, the acknowledged run-phase insert counter and the sequential cursor, all
 * atomics. Each worker asks it for its own {@link io.hbload.core.keys.KeyChooser} and {@link
 * ScanLengthChooser}, which reproduce YCSB 0.17.0's generators (uniform, scrambled zipfian, skewed
 * latest, hotspot, sequential, exponential) without locks or per-draw allocation. {@link
 * io.hbload.core.keys.KeyNames} turns a key number into YCSB's row key ({@code user<fnv64(n)>})
 * inside the worker's reusable {@link io.hbload.core.binding.Key}, which is then handed to the
 * binding together with the values built by {@code io.hbload.core.values}.
 */
package io.hbload.core.keys;
