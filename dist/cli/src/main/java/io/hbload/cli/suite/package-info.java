/**
 * {@code hbload suite}'s execution: the plan checked from the command line, the suite directory
 * (each run's files and the manifest), and the loop over load, rounds and workloads with its
 * Ctrl-C, failure and resume behaviour.
 */
package io.hbload.cli.suite;
