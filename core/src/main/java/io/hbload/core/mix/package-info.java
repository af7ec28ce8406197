/** Which operation comes next: the workload's proportions, drawn per worker. */
package io.hbload.core.mix;
