package io.hbload.core.config;

/** YCSB's two phases: {@code -load} inserts the records, {@code -t} runs the operation mix. */
public enum Phase {
  LOAD,
  RUN
}
