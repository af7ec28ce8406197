package io.hbload.hdfs.coder;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Run in a child JVM by {@link IsalJniCheckTest}: runs the named JUnit test classes with the JUnit
 * Platform launcher and prints a summary, so the coder tests can run once more under JVM options
 * surefire's fork does not have ({@code -Xcheck:jni}). Exit 0 when every test passed.
 */
public final class JniCheckLauncher {
  private JniCheckLauncher() {}

  public static void main(String[] testClasses) {
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
    for (String name : testClasses) {
      request.selectors(selectClass(name));
    }
    LauncherDiscoveryRequest discovery = request.build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(discovery, listener);
    TestExecutionSummary summary = listener.getSummary();
    System.out.println("tests found: " + summary.getTestsFoundCount());
    System.out.println("tests succeeded: " + summary.getTestsSucceededCount());
    System.out.println("tests failed: " + summary.getTotalFailureCount());
    System.out.println("tests aborted: " + summary.getTestsAbortedCount());
    System.out.println("tests skipped: " + summary.getTestsSkippedCount());
    summary.printFailuresTo(new PrintWriter(System.out, true), 5);
    System.out.flush();
    System.exit(summary.getTotalFailureCount() == 0 ? 0 : 1);
  }
}
