package io.hbload.archfixture.flow.cli;

import io.hbload.archfixture.flow.core.Engine;
import io.hbload.archfixture.flow.gc.Flags;
import io.hbload.archfixture.flow.mapreduce.Job;
import io.hbload.archfixture.flow.report.Html;

/** cli -> everything: allowed. */
public final class Command {
  public long call(Job job, Html html, Flags flags, Engine engine) {
    return job.submit(null, null, null, engine) + html.render(null, engine) + flags.heap(engine);
  }
}
