package io.hbload.core.mix;

/** Operations of the run phase, in YCSB's order of drawing (delete is hbload's addition, drawn last). */
public enum OpType {
  READ, UPDATE, INSERT, SCAN, READ_MODIFY_WRITE, DELETE
}
