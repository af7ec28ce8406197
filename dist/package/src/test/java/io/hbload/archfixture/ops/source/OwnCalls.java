package io.hbload.archfixture.ops.source;

/** A fixture workload's own client capability. */
public interface OwnCalls {}
